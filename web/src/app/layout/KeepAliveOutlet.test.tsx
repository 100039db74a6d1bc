import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { KeepAliveOutlet } from './KeepAliveOutlet';

afterEach(cleanup);

/** The tabs' keys, as MainLayout passes them: set from the test. */
let setKeepKeys: (keys: ReadonlySet<string>) => void = () => undefined;

function Shell() {
  const { pathname } = useLocation();
  const [keepKeys, setKeys] = useState<ReadonlySet<string>>(new Set(['/a', '/b']));
  setKeepKeys = setKeys;
  return <KeepAliveOutlet activeKey={pathname} keepKeys={keepKeys} />;
}

const page = (name: string) => <input aria-label={name} defaultValue="" />;

function renderShell() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Shell />,
        children: [
          { path: 'a', element: page('A') },
          { path: 'b', element: page('B') },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** A page's field, shown or hidden (a hidden page's DOM stays, display:none). */
const field = (name: string) => screen.getByLabelText<HTMLInputElement>(name);

describe('KeepAliveOutlet', () => {
  it('keeps an open tab’s page while another is shown', async () => {
    const router = renderShell();
    fireEvent.change(field('A'), { target: { value: 'typed' } });
    await act(() => router.navigate('/b'));
    expect(field('A').value).toBe('typed');
    await act(() => router.navigate('/a'));
    expect(field('A').value).toBe('typed');
  });

  it('starts a closed tab’s page afresh when it is opened again before the address moved away', async () => {
    const router = renderShell();
    fireEvent.change(field('A'), { target: { value: 'typed' } });
    // The tab closes while its page is on screen: the way away is still to come (a transition).
    act(() => setKeepKeys(new Set(['/b'])));
    expect(field('A').value).toBe('typed');
    // Opened again before React rendered the page left: a new visit of the same address.
    await act(() => router.navigate('/a'));
    expect(field('A').value).toBe('');
  });
});
