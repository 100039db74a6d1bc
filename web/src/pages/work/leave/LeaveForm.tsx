import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Form, Input, InputNumber, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as leaveApi from '../../../api/flow/leave';
import { userList } from '../../../api/system/user-list';
import { DateTimeField } from '../../../components/date-time/DateTimeField';
import { useSession } from '../../../app/session/session-store';
import { useReportFailure } from '../shared/report-failure';
import { UserSelect } from '../shared/UserSelect';
import { WORK_LIST, WORK_PAGE } from '../shared/work-lists';
import {
  DAYS_MAX,
  DAYS_MIN,
  LEAVE_TYPES,
  REASON_MAX,
  leaveDays,
  leaveInput,
  leaveTypeText,
  userLabel,
  userMatches,
} from './leave-logic';
import { useLeaveExit } from './use-leave-exit';
import './locales';
import { useFormDraft } from '../../../app/session/useFormDraft';

/** A moment as the date picker holds it (antd's date library; a type only, antd brings it). */
type Moment = Dayjs;

interface LeaveValues {
  leaveType: number;
  startTime?: Moment;
  endTime?: Moment;
  days?: number;
  reason?: string;
  taskUser?: string;
  copyUserIds?: string[];
}

/** The users offered as approvers; loaded once a page visit. */
const USERS_KEY = ['work', 'user-list'] as const;

/**
 * 请假申请: the leave's type, start and end, days (counted from the times, editable), reason and
 * approver. 提交申请 files the request and starts its process (the definition of the address); the
 * request shows under 已发事务, where the page then goes.
 */
/** Under which key the leave form's draft is kept (app/session/drafts.ts). */
const LEAVE_DRAFT = '/work/process/leave/form|leave-form';

export function LeaveForm({ processDefinitionId }: { processDefinitionId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const report = useReportFailure();
  const exit = useLeaveExit();
  const [form] = Form.useForm<LeaveValues>();
  // What was typed when the session ended comes back, the times too.
  useFormDraft(LEAVE_DRAFT, form, true, () => void message.info(t('crud.message.restored')));
  const [sending, setSending] = useState(false);
  const users = useQuery({ queryKey: USERS_KEY, queryFn: userList, staleTime: 5 * 60_000 });

  const selfId = useSession((state) => state.userInfo?.user_id);
  // Nobody approves their own request (the server refuses it too).
  const userOptions = useMemo(
    () =>
      (users.data ?? [])
        .filter((user) => user.id !== selfId)
        .map((user) => ({ value: user.id, label: userLabel(user), user })),
    [users.data, selfId],
  );
  const typeOptions = LEAVE_TYPES.map((type) => ({ value: type, label: t(leaveTypeText(type)) }));

  const onValuesChange = (changed: Partial<LeaveValues>, all: LeaveValues) => {
    if (!('startTime' in changed) && !('endTime' in changed)) return;
    const days = leaveDays(all.startTime?.toDate(), all.endTime?.toDate());
    if (days !== undefined) form.setFieldValue('days', days);
  };

  const onFinish = async (values: LeaveValues) => {
    if (sending) return;
    setSending(true);
    try {
      await leaveApi.startProcess(leaveInput(processDefinitionId, values));
      void message.success(t('work.leave.submitted'));
      void queryClient.invalidateQueries({ queryKey: [WORK_LIST.send] });
      form.resetFields();
      await exit(WORK_PAGE.send);
    } catch (error) {
      // Refused (a field the server rejects, a suspended process): its message is out; the form stays.
      report(error);
    } finally {
      setSending(false);
    }
  };

  const required = (text: string) => ({ required: true, message: text });
  return (
    <Card>
      <Form<LeaveValues>
        form={form}
        name="leave-form"
        layout="vertical"
        initialValues={{ leaveType: 1 }}
        onValuesChange={onValuesChange}
        onFinish={(values) => void onFinish(values)}
        disabled={sending}
        style={{ maxWidth: 720 }}
      >
        <Form.Item name="leaveType" label={t('work.leave.leaveType')}>
          <Select options={typeOptions} />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item
            name="startTime"
            label={t('work.leave.startTime')}
            rules={[required(t('work.leave.startTimeRequired'))]}
            style={{ flex: '1 1 240px' }}
          >
            <DateTimeField style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="endTime"
            label={t('work.leave.endTime')}
            dependencies={['startTime']}
            rules={[
              required(t('work.leave.endTimeRequired')),
              ({ getFieldValue }) => ({
                validator: (_, end: Moment | undefined) => {
                  const start = getFieldValue('startTime') as Moment | undefined;
                  return !end || !start || end.isAfter(start)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('work.leave.endBeforeStart')));
                },
              }),
            ]}
            style={{ flex: '1 1 240px' }}
          >
            <DateTimeField dayEnd style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
        <Form.Item
          name="days"
          label={t('work.leave.days')}
          extra={t('work.leave.daysHelp')}
          rules={[
            required(t('work.leave.daysRequired')),
            {
              type: 'integer',
              min: DAYS_MIN,
              max: DAYS_MAX,
              message: t('work.leave.daysRange', { min: DAYS_MIN, max: DAYS_MAX }),
            },
          ]}
        >
          <InputNumber min={DAYS_MIN} max={DAYS_MAX} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('work.leave.reason')}
          rules={[
            { required: true, whitespace: true, message: t('work.leave.reasonRequired') },
            { max: REASON_MAX, message: t('work.leave.reasonTooLong', { max: REASON_MAX }) },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} showCount maxLength={REASON_MAX} />
        </Form.Item>
        {/* A new tenant has only its administrator: say why the list is empty and who can fix it. */}
        {users.isSuccess && userOptions.length === 0 && (
          <Alert
            type="warning"
            showIcon
            title={t('work.leave.noApprover')}
            description={t('work.leave.noApproverHelp')}
            style={{ marginBottom: 16 }}
          />
        )}
        <Form.Item
          name="taskUser"
          label={t('work.leave.taskUser')}
          rules={[required(t('work.leave.taskUserRequired'))]}
        >
          <Select
            options={userOptions}
            loading={users.isPending}
            placeholder={t('work.leave.taskUserPlaceholder')}
            showSearch={{
              filterOption: (input, option) => (option ? userMatches(option.user, input) : false),
            }}
            allowClear
          />
        </Form.Item>
        <Form.Item name="copyUserIds" label={t('work.leave.copy')}>
          <UserSelect multiple placeholder={t('work.leave.copyPlaceholder')} disabled={sending} />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={sending}>
            {t('work.leave.submit')}
          </Button>
          <Button htmlType="button" onClick={() => form.resetFields()}>
            {t('work.leave.reset')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
