import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Form, Input, type FormInstance } from 'antd';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// The DOM helpers give jsdom what antd's forms ask for (matchMedia).
import '../../test/dom';
import { tokenAnswer } from '../../test/fixtures';
import { keepDrafts } from './drafts';
import { logoutLocal, startSession } from './session-store';
import { useFormDraft } from './useFormDraft';

// A page's own form (not the kit's) keeps what was typed when the session ends, and gets it back,
// over what it loaded, once the same user is back.

const KEY = '/info/index|user-info';

function InfoLike({ loaded, onRestored }: { loaded: boolean; onRestored: () => void }) {
  const [form] = Form.useForm();
  useFormDraft(KEY, form, loaded, onRestored);
  if (!loaded) return <p>loading</p>;
  return (
    <Form form={form} initialValues={{ realName: '管理员', phone: '13800000000', password: '' }}>
      <Form.Item name="realName" label="姓名">
        <Input />
      </Form.Item>
      <Form.Item name="phone" label="手机">
        <Input />
      </Form.Item>
      <Form.Item name="password" label="密码">
        <Input.Password />
      </Form.Item>
    </Form>
  );
}

beforeEach(() => {
  localStorage.clear();
  startSession(tokenAnswer());
});
afterEach(() => {
  cleanup();
  logoutLocal();
});

describe('useFormDraft', () => {
  it('keeps the fields changed, never a password, and puts them back over what the form loaded', async () => {
    const first = render(<InfoLike loaded onRestored={() => undefined} />);
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '张三' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'secret-1' } });
    keepDrafts();
    first.unmount();

    const restored = vi.fn();
    const again = render(<InfoLike loaded={false} onRestored={restored} />);
    // Not before the form has what it loads.
    expect(restored).not.toHaveBeenCalled();
    again.rerender(<InfoLike loaded onRestored={restored} />);
    await act(async () => undefined);
    expect(restored).toHaveBeenCalledTimes(1);
    expect((screen.getByLabelText('姓名') as HTMLInputElement).value).toBe('张三');
    // The unchanged field shows what was loaded; the password was never kept.
    expect((screen.getByLabelText('手机') as HTMLInputElement).value).toBe('13800000000');
    expect((screen.getByLabelText('密码') as HTMLInputElement).value).toBe('');
    expect(localStorage.getItem('saber-drafts')).toBeNull();
  });

  it('keeps nothing for an untouched form, and restores nothing for another user', () => {
    const first = render(<InfoLike loaded onRestored={() => undefined} />);
    keepDrafts();
    expect(localStorage.getItem('saber-drafts')).toBeNull();
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '张三' } });
    keepDrafts();
    first.unmount();

    startSession(tokenAnswer({ user_id: '2000000000000000001', account: 'clerk' }));
    const restored = vi.fn();
    render(<InfoLike loaded onRestored={restored} />);
    expect(restored).not.toHaveBeenCalled();
    expect((screen.getByLabelText('姓名') as HTMLInputElement).value).toBe('管理员');
  });

  /** Holds a moment as a date picker does, showing nothing. */
  const MomentHolder = (_: { value?: unknown }) => null;

  it('keeps a date as its moment and gives it back as one', async () => {
    let held: FormInstance | undefined;
    function WithDate() {
      const [form] = Form.useForm();
      held = form;
      useFormDraft(KEY, form, true, () => undefined);
      return (
        <Form form={form}>
          <Form.Item name="startTime">
            <MomentHolder />
          </Form.Item>
        </Form>
      );
    }
    const first = render(<WithDate />);
    const start = dayjs('2026-12-07T08:30:00.000Z');
    act(() => held!.setFields([{ name: 'startTime', value: start, touched: true }]));
    keepDrafts();
    first.unmount();

    render(<WithDate />);
    await act(async () => undefined);
    const back: unknown = held!.getFieldValue('startTime');
    expect(dayjs.isDayjs(back)).toBe(true);
    expect((back as dayjs.Dayjs).toISOString()).toBe(start.toISOString());
  });
});
