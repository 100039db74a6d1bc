import { cleanup, fireEvent, render } from '@testing-library/react';
import type { Dayjs } from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import '../test/dom';
import DateRangeField from './DateRangeField';

// A search range with times (the logs' 时间) takes a day typed alone, as the leave form's moments
// do (issue 45): from the start of the first day to the end of the last.

afterEach(cleanup);

/** Types into one end of the range as a person does, then leaves it with Enter. */
function type(input: HTMLInputElement, text: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
}

describe('date range field with times', () => {
  it('takes typed days: the start of the first, the end of the last', async () => {
    const changed = vi.fn<(range: [Dayjs | null, Dayjs | null] | null) => void>();
    const { container } = render(<DateRangeField withTime onChange={changed} />);
    const [from, to] = [...container.querySelectorAll('input')];
    type(from!, '2026-12-01');
    type(to!, '2026-12-03');
    fireEvent.blur(to!);
    await vi.waitFor(() => expect(changed).toHaveBeenCalled());
    const range = changed.mock.lastCall![0]!;
    expect(range.map((moment) => moment?.format('YYYY-MM-DD HH:mm:ss'))).toEqual([
      '2026-12-01 00:00:00',
      '2026-12-03 23:59:59',
    ]);
  });
});
