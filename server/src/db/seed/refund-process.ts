import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import type { SeedAudit, SeedIds } from './menus.js';
import { insertDeployedModel, seedProcessOnce } from './seeded-process.js';

// Seed data (issue 51): a refund's second approval (退款复核), a process with no code of its own. A
// refund above the tenant's threshold (the parameter REFUND_THRESHOLD_PARAM, in fen) is agreed by
// the refund review's 同意 only once this process approves it: the review starts it with the
// order number and the amount; the tenant's administrators (role alias admin) claim and decide the
// one step; its decision (`pass`) agrees or rejects the refund (business/refund/refund-approval.ts).
// Seeded once in the platform tenant like the leave process; a tenant deploys its own copy
// (模型管理 → 部署, or the platform deploying to it).

export const REFUND_APPROVAL_KEY = 'refund_second_approval';

/** The tenant parameter (参数管理) above which a refund (its amount in fen) needs the process. */
export const REFUND_THRESHOLD_PARAM = 'refund.approvalThreshold';

export const REFUND_MODEL_XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:flowable="http://flowable.org/bpmn"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"
  xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
  id="RefundApprovalDefinitions"
  targetNamespace="http://www.flowable.org/processdef">
  <process id="${REFUND_APPROVAL_KEY}" name="退款复核" isExecutable="true">
    <documentation>A refund above the tenant's threshold: agreed by its reviewer, then approved by the tenant's administrators.</documentation>
    <startEvent id="agreed" name="审核同意" flowable:initiator="applyUser">
      <extensionElements>
        <flowable:formProperty id="orderNo"/>
        <flowable:formProperty id="refundAmount"/>
      </extensionElements>
    </startEvent>
    <userTask id="approve" name="复核" flowable:candidateGroups="role:admin"/>
    <endEvent id="done" name="结束"/>
    <sequenceFlow id="flowApprove" sourceRef="agreed" targetRef="approve"/>
    <sequenceFlow id="flowDone" sourceRef="approve" targetRef="done"/>
  </process>
  <bpmndi:BPMNDiagram id="RefundApprovalDiagram">
    <bpmndi:BPMNPlane id="RefundApprovalPlane" bpmnElement="${REFUND_APPROVAL_KEY}">
      <bpmndi:BPMNShape id="agreed_di" bpmnElement="agreed">
        <dc:Bounds x="100" y="182" width="36" height="36"/>
        <bpmndi:BPMNLabel><dc:Bounds x="94" y="225" width="48" height="14"/></bpmndi:BPMNLabel>
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="approve_di" bpmnElement="approve">
        <dc:Bounds x="190" y="160" width="100" height="80"/>
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="done_di" bpmnElement="done">
        <dc:Bounds x="352" y="182" width="36" height="36"/>
        <bpmndi:BPMNLabel><dc:Bounds x="358" y="225" width="24" height="14"/></bpmndi:BPMNLabel>
      </bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="flowApprove_di" bpmnElement="flowApprove">
        <di:waypoint x="136" y="200"/>
        <di:waypoint x="190" y="200"/>
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flowDone_di" bpmnElement="flowDone">
        <di:waypoint x="290" y="200"/>
        <di:waypoint x="352" y="200"/>
      </bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>
`;

export function seedRefundProcess(db: Kysely<Database>, ids: SeedIds, audit: SeedAudit): Promise<boolean> {
  return seedProcessOnce(db, {
    key: REFUND_APPROVAL_KEY,
    insert: (tx) =>
      insertDeployedModel(tx, ids, audit, {
        key: REFUND_APPROVAL_KEY,
        name: '退款复核',
        category: null,
        xml: REFUND_MODEL_XML,
      }),
  });
}
