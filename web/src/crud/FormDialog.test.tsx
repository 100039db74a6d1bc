import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App, Form, Input } from 'antd';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// The DOM helpers give jsdom what antd's forms ask for (matchMedia).
import '../test/dom';
import { keepDrafts } from '../app/session/drafts';
import { logoutLocal, startSession } from '../app/session/session-store';
import { tokenAnswer } from '../test/fixtures';
import { FormDialog } from './FormDialog';

// An action dialog with a `draft` keeps what was typed when the session ends, and gives it back when
// the same user opens the same dialog on the same record again.

function RejectDialog({ record, draft = true }: { record: string; draft?: boolean }) {
  return (
    <App>
      <FormDialog<{ remark?: string }>
        open
        name="reject"
        title="拒绝"
        width={480}
        draft={draft ? record : undefined}
        onSubmit={async () => undefined}
        onClose={() => undefined}
      >
        <Form.Item name="remark" label="理由">
          <Input.TextArea />
        </Form.Item>
      </FormDialog>
    </App>
  );
}

const remark = () => screen.getByLabelText('理由') as HTMLTextAreaElement;

beforeEach(() => {
  localStorage.clear();
  startSession(tokenAnswer());
});
afterEach(() => {
  cleanup();
  logoutLocal();
});

describe('FormDialog drafts', () => {
  it('gives back what was typed in the same dialog on the same record, and says so', async () => {
    const first = render(<RejectDialog record="r1" />);
    fireEvent.change(remark(), { target: { value: '金额不符' } });
    keepDrafts();
    first.unmount();

    // Another record's dialog does not get it.
    const other = render(<RejectDialog record="r2" />);
    await act(async () => undefined);
    expect(remark().value).toBe('');
    other.unmount();

    render(<RejectDialog record="r1" />);
    await act(async () => undefined);
    expect(remark().value).toBe('金额不符');
    expect(await screen.findByText('已恢复登录失效前未保存的内容')).toBeTruthy();
  });

  it('keeps nothing without a draft key', () => {
    render(<RejectDialog record="r1" draft={false} />);
    fireEvent.change(remark(), { target: { value: '金额不符' } });
    keepDrafts();
    expect(localStorage.getItem('saber-drafts')).toBeNull();
  });
});
