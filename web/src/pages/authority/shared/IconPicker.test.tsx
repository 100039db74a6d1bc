import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, Form } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../test/dom';
import { IconField } from './IconPicker';

function renderField(onFinish = vi.fn()) {
  render(
    <App>
      <Form onFinish={onFinish} initialValues={{ source: 'MenuOutlined' }}>
        <Form.Item name="source" label="菜单图标">
          <IconField />
        </Form.Item>
      </Form>
    </App>,
  );
  return onFinish;
}

const openPicker = async () => {
  fireEvent.click(screen.getByRole('button', { name: '选择图标' }));
  return screen.findByRole('dialog', { name: '选择图标' });
};

afterEach(cleanup);

describe('icon picker', () => {
  it('is a labelled text field showing the chosen name, with the current icon marked in the grid', async () => {
    renderField();
    expect((screen.getByLabelText('菜单图标') as HTMLInputElement).value).toBe('MenuOutlined');
    const dialog = await openPicker();
    const icons = within(dialog).getByRole('group', { name: '可选图标' });
    expect(within(icons).getByRole('button', { name: 'MenuOutlined' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(within(icons).getAllByRole('button').length).toBeGreaterThan(40);
  });

  it('filters by name, goes down to the icons with the keyboard, and picks one', async () => {
    const onFinish = renderField();
    const dialog = await openPicker();
    const search = within(dialog).getByRole('searchbox', { name: '搜索图标' });
    fireEvent.change(search, { target: { value: 'xyz' } });
    expect(within(dialog).getByText('没有匹配的图标')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'team' } });
    const icons = within(dialog).getByRole('group', { name: '可选图标' });
    expect(
      within(icons)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['TeamOutlined']);
    // ↓ in the search moves to the first icon.
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('TeamOutlined');
    fireEvent.click(document.activeElement!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '选择图标' })).toBeNull());
    expect((screen.getByLabelText('菜单图标') as HTMLInputElement).value).toBe('TeamOutlined');
    expect(onFinish).not.toHaveBeenCalled();
  });
});
