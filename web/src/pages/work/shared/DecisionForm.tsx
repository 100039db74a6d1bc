import { Button, Flex, Form, Input, Popconfirm } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMENT_MAX, needsComment, type Decision, type DecisionKind } from './decision';
import './locales';
import { useReportFailure } from './report-failure';
import { UserSelect } from './UserSelect';

interface DecisionValues {
  comment?: string;
  copyUserIds?: string[];
}

export interface DecisionFormProps {
  /** The form's name: DOM ids `<name>_comment`. */
  name: string;
  kind: DecisionKind;
  /**
   * Sends the decision; the buttons stay disabled until it settles. A rejection keeps the form as
   * it was (the request layer has said why), so the user can try again.
   */
  onDecide: (decision: Decision, comment: string, copyUserIds: string[]) => Promise<unknown>;
  /** Checks what else the decision sends (a process's form, issue 51); false: the fields say why. */
  validate?: (decision: Decision) => Promise<boolean>;
  /** Cancel button (a dialog's); none on a page. */
  onCancel?: () => void;
  /** Offers 抄送: users of the tenant told of the decision, who may then read the request. */
  copy?: boolean;
}

/**
 * 审批意见 and the decision buttons: 同意 / 驳回 on an approval step (驳回 needs a comment), 重新提交
 * / 撤回 on the applicant's adjust step (撤回 ends the process: it asks first), 重新提交 on a task
 * returned to the user, 办理完成 on one delegated to them; with `copy`, 抄送 users as well.
 */
export function DecisionForm({ name, kind, onDecide, validate, onCancel, copy }: DecisionFormProps) {
  const { t } = useTranslation();
  const report = useReportFailure();
  const [form] = Form.useForm<DecisionValues>();
  const [sending, setSending] = useState<Decision>();
  // The button pressed: the comment's rule depends on it.
  const pressed = useRef<Decision>('pass');

  const decide = async (decision: Decision) => {
    if (sending) return;
    pressed.current = decision;
    let values: DecisionValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the field shows why
    }
    if (validate && !(await validate(decision))) return;
    setSending(decision);
    try {
      await onDecide(decision, values.comment?.trim() ?? '', values.copyUserIds ?? []);
    } catch (error) {
      // The form stays for another try.
      report(error);
    } finally {
      setSending(undefined);
    }
  };

  const button = (decision: Decision, props: { type?: 'primary'; danger?: boolean } = {}) => (
    <Button
      {...props}
      loading={sending === decision}
      disabled={sending !== undefined && sending !== decision}
      aria-label={t(`work.shared.decision.${decision}`)}
      onClick={decision === 'withdraw' ? undefined : () => void decide(decision)}
    >
      {t(`work.shared.decision.${decision}`)}
    </Button>
  );

  return (
    <Form<DecisionValues> form={form} name={name} layout="vertical">
      <Form.Item
        name="comment"
        label={t('work.shared.decision.comment')}
        extra={kind === 'audit' ? t('work.shared.decision.commentHelp') : undefined}
        rules={[
          {
            validator: (_, value: unknown) =>
              needsComment(pressed.current) && (typeof value !== 'string' || value.trim() === '')
                ? Promise.reject(new Error(t('work.shared.decision.commentRequired')))
                : Promise.resolve(),
          },
          { max: COMMENT_MAX, message: t('work.shared.decision.commentTooLong', { max: COMMENT_MAX }) },
        ]}
      >
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} disabled={sending !== undefined} />
      </Form.Item>
      {copy && (
        <Form.Item name="copyUserIds" label={t('work.shared.decision.copy')}>
          <UserSelect
            multiple
            placeholder={t('work.shared.decision.copyPlaceholder')}
            disabled={sending !== undefined}
          />
        </Form.Item>
      )}
      <Flex gap={8} wrap role="group" aria-label={t('work.shared.decision.group')}>
        {kind === 'audit' ? (
          <>
            {button('pass', { type: 'primary' })}
            {button('reject', { danger: true })}
          </>
        ) : kind === 'returned' ? (
          button('resubmit', { type: 'primary' })
        ) : kind === 'delegated' ? (
          button('resolve', { type: 'primary' })
        ) : (
          <>
            {button('resubmit', { type: 'primary' })}
            <Popconfirm
              title={t('work.shared.decision.withdrawConfirm')}
              okText={t('work.shared.decision.withdraw')}
              cancelText={t('work.shared.decision.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => decide('withdraw')}
            >
              {button('withdraw', { danger: true })}
            </Popconfirm>
          </>
        )}
        {onCancel && (
          <Button onClick={onCancel} aria-label={t('work.shared.decision.cancel')}>
            {t('work.shared.decision.cancel')}
          </Button>
        )}
      </Flex>
    </Form>
  );
}
