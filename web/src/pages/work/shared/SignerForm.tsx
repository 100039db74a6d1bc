import type { FlowCountersign, FlowTask } from '@console/contract';
import { App, Alert, Button, Flex, Form, Input, Select, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { userList } from '../../../api/system/user-list';
import { useTranslation } from 'react-i18next';
import * as workApi from '../../../api/flow/work';
import { COMMENT_MAX } from './decision';
import './locales';
import { useReportFailure } from './report-failure';
import { chosenNames, removableSigners, voteOf } from './signers';
import { UserSelect } from './UserSelect';

/** 加签 or 减签 on a countersign task. */
export type SignerAction = 'addSigner' | 'removeSigner';

interface SignerValues {
  userIds?: string[];
  comment?: string;
}

export interface SignerFormProps {
  task: FlowTask;
  action: SignerAction;
  countersign: FlowCountersign;
  onDone: (action: SignerAction) => void;
  onCancel: () => void;
}

/**
 * 加签 (users of the tenant join the countersign) and 减签 (signers yet to decide leave it), each
 * confirmed first, with the signers and their votes shown. A refusal keeps the form for another try.
 */
export function SignerForm({ task, action, countersign, onDone, onCancel }: SignerFormProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const report = useReportFailure();
  const [form] = Form.useForm<SignerValues>();
  const [sending, setSending] = useState(false);
  const adding = action === 'addSigner';
  // The same query as UserSelect's: names for the confirmation.
  const users = useQuery({ queryKey: ['work', 'user-list'], queryFn: userList, staleTime: 5 * 60_000 });

  const send = async (values: SignerValues) => {
    const userIds = values.userIds ?? [];
    const names = chosenNames(userIds, countersign, users.data);
    const confirmed = await modal.confirm({
      title: t(`work.shared.actions.${action}Confirm`, { names }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      // antd spaces a two-character label (确 定): the accessible name stays the word.
      okButtonProps: { 'aria-label': t('common.ok') },
      cancelButtonProps: { 'aria-label': t('common.cancel') },
    });
    if (!confirmed || sending) return;
    setSending(true);
    try {
      const input = { taskId: task.taskId, userIds, comment: values.comment?.trim() || undefined };
      await (adding ? workApi.addSigner(input) : workApi.removeSigner(input));
      onDone(action);
    } catch (error) {
      report(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Form<SignerValues> form={form} name={`work-${action}`} layout="vertical" onFinish={(v) => void send(v)}>
      <Alert
        type="info"
        showIcon
        title={t(`work.shared.actions.${action}Help`)}
        style={{ marginBottom: 16 }}
      />
      <Flex vertical gap={4} style={{ marginBottom: 16 }}>
        <Typography.Text strong>
          {t('work.shared.actions.signers')}（
          {t(countersign.sequential ? 'work.shared.actions.sequential' : 'work.shared.actions.parallel')}）
        </Typography.Text>
        <Flex gap={4} wrap role="list" aria-label={t('work.shared.actions.signers')}>
          {countersign.signers.map((signer) => {
            const vote = voteOf(signer);
            return (
              <Tag
                role="listitem"
                key={signer.userId}
                color={vote === 'agree' ? 'success' : vote === 'disagree' ? 'error' : 'default'}
              >
                {signer.name ?? signer.userId} · {t(`work.shared.actions.vote.${vote}`)}
              </Tag>
            );
          })}
        </Flex>
      </Flex>
      <Form.Item
        name="userIds"
        label={t(adding ? 'work.shared.actions.addUsers' : 'work.shared.actions.removeUsers')}
        rules={[{ required: true, type: 'array', min: 1, message: t('work.shared.actions.usersRequired') }]}
      >
        {adding ? (
          <UserSelect
            multiple
            placeholder={t('work.shared.actions.userPlaceholder')}
            exclude={countersign.signers.map((s) => s.userId)}
            disabled={sending}
          />
        ) : (
          <Select
            mode="multiple"
            options={removableSigners(countersign).map((s) => ({
              value: s.userId,
              label: s.name ?? s.userId,
            }))}
            showSearch={{ optionFilterProp: 'label' }}
            disabled={sending}
          />
        )}
      </Form.Item>
      <Form.Item
        name="comment"
        label={t('work.shared.actions.comment')}
        rules={[
          { max: COMMENT_MAX, message: t('work.shared.decision.commentTooLong', { max: COMMENT_MAX }) },
        ]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} disabled={sending} />
      </Form.Item>
      <Flex gap={8} wrap>
        <Button type="primary" danger={!adding} htmlType="submit" loading={sending}>
          {t(`work.shared.actions.${action}`)}
        </Button>
        <Button onClick={onCancel} disabled={sending}>
          {t('work.shared.decision.cancel')}
        </Button>
      </Flex>
    </Form>
  );
}
