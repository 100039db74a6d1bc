import { Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProcessDiagram } from '../../../components/bpmn';
import { Loaded, LeaveRecord, useLeaveDetail } from './LeaveRecord';
import './locales';

/** 请假详情: the request with its state and approver, and its process's diagram and history. */
export function LeaveDetailView({
  processInstanceId,
  businessId,
}: {
  processInstanceId: string;
  businessId: string;
}) {
  const { t } = useTranslation();
  const leave = useLeaveDetail(businessId);
  return (
    <Flex vertical gap={16}>
      <Card title={t('work.leave.record')}>
        <Loaded query={leave}>{(record) => <LeaveRecord leave={record} />}</Loaded>
      </Card>
      <Card title={t('work.leave.process')}>
        <ProcessDiagram source={{ processInstanceId }} history />
      </Card>
    </Flex>
  );
}
