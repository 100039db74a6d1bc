// Seed data: the built-in leave request process (BladeX's "Leave" sample, redrawn): approver, then the manager
// for more than three days; a rejection goes back to the applicant, who resubmits or withdraws.
// Assignees use the flowable: namespace as BladeX/Flowable designers write them; the diagram section
// lets bpmn-js draw it in the console's modeler. The form properties declare what each step may set
// (security.md S15): a start the approver, the days and the type; an approval its decision and
// comment; the applicant's adjust step whether to resubmit. Nothing else the process holds changes
// after its start.

export const LEAVE_PROCESS_KEY = 'Leave';

/** Element ids a caller may need to tell outcomes apart (which end event was reached…). */
export const LEAVE_ELEMENTS = {
  approverAudit: 'approverAudit',
  managerAudit: 'managerAudit',
  applicantAdjust: 'applicantAdjust',
  approvedEnd: 'approvedEnd',
  withdrawnEnd: 'withdrawnEnd',
} as const;

/**
 * SHA-256 of LEAVE_MODEL_XML as shipped before it declared its form properties (issue 44), the text
 * databases seeded then hold: model.ts reads such a copy as the current one.
 */
export const LEAVE_MODEL_UNDECLARED_SHA256 =
  '1c83337c987744c1d29bc1248307d72a9da152dd39870a4d581b7af7f14023f4';

export const LEAVE_MODEL_XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:flowable="http://flowable.org/bpmn"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"
  xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
  id="LeaveDefinitions"
  targetNamespace="http://www.flowable.org/processdef">
  <process id="Leave" name="请假流程" isExecutable="true">
    <documentation>Leave request: the approver decides, the manager too beyond three days.</documentation>
    <startEvent id="start" name="开始" flowable:initiator="applyUser">
      <extensionElements>
        <flowable:formProperty id="taskUser" name="审批人" type="string" required="true"/>
        <flowable:formProperty id="days" name="请假天数" type="long" required="true"/>
        <flowable:formProperty id="leaveType" name="请假类型" type="long"/>
      </extensionElements>
    </startEvent>
    <userTask id="approverAudit" name="审批人审批" flowable:assignee="\${taskUser}">
      <extensionElements>
        <flowable:formProperty id="pass" name="审批结果" type="boolean" required="true"/>
        <flowable:formProperty id="comment" name="审批意见" type="string"/>
      </extensionElements>
    </userTask>
    <exclusiveGateway id="approverDecision" name="审批结果"/>
    <userTask id="managerAudit" name="上级审批" flowable:candidateGroups="role:manager">
      <extensionElements>
        <flowable:formProperty id="pass" name="审批结果" type="boolean" required="true"/>
        <flowable:formProperty id="comment" name="审批意见" type="string"/>
      </extensionElements>
    </userTask>
    <exclusiveGateway id="managerDecision" name="上级审批结果"/>
    <userTask id="applicantAdjust" name="调整申请" flowable:assignee="\${applyUser}">
      <extensionElements>
        <flowable:formProperty id="resubmit" name="重新提交" type="boolean" required="true"/>
        <flowable:formProperty id="comment" name="审批意见" type="string"/>
      </extensionElements>
    </userTask>
    <exclusiveGateway id="adjustDecision" name="重新申请?" default="flowWithdraw"/>
    <endEvent id="approvedEnd" name="审批通过"/>
    <endEvent id="withdrawnEnd" name="已撤回"/>
    <sequenceFlow id="flowStart" sourceRef="start" targetRef="approverAudit"/>
    <sequenceFlow id="flowToApproverDecision" sourceRef="approverAudit" targetRef="approverDecision"/>
    <sequenceFlow id="flowApproverRejected" name="驳回" sourceRef="approverDecision" targetRef="applicantAdjust">
      <conditionExpression xsi:type="tFormalExpression"><![CDATA[\${pass = false}]]></conditionExpression>
    </sequenceFlow>
    <sequenceFlow id="flowToManager" name="同意且超过3天" sourceRef="approverDecision" targetRef="managerAudit">
      <conditionExpression xsi:type="tFormalExpression"><![CDATA[\${pass = true and days > 3}]]></conditionExpression>
    </sequenceFlow>
    <sequenceFlow id="flowApproverApproved" name="同意且不超过3天" sourceRef="approverDecision" targetRef="approvedEnd">
      <conditionExpression xsi:type="tFormalExpression"><![CDATA[\${pass = true and days <= 3}]]></conditionExpression>
    </sequenceFlow>
    <sequenceFlow id="flowToManagerDecision" sourceRef="managerAudit" targetRef="managerDecision"/>
    <sequenceFlow id="flowManagerApproved" name="同意" sourceRef="managerDecision" targetRef="approvedEnd">
      <conditionExpression xsi:type="tFormalExpression"><![CDATA[\${pass = true}]]></conditionExpression>
    </sequenceFlow>
    <sequenceFlow id="flowManagerRejected" name="驳回" sourceRef="managerDecision" targetRef="applicantAdjust">
      <conditionExpression xsi:type="tFormalExpression"><![CDATA[\${pass = false}]]></conditionExpression>
    </sequenceFlow>
    <sequenceFlow id="flowToAdjustDecision" sourceRef="applicantAdjust" targetRef="adjustDecision"/>
    <sequenceFlow id="flowResubmit" name="重新提交" sourceRef="adjustDecision" targetRef="approverAudit">
      <conditionExpression xsi:type="tFormalExpression"><![CDATA[\${resubmit = true}]]></conditionExpression>
    </sequenceFlow>
    <sequenceFlow id="flowWithdraw" name="撤回" sourceRef="adjustDecision" targetRef="withdrawnEnd"/>
  </process>
  <bpmndi:BPMNDiagram id="LeaveDiagram">
    <bpmndi:BPMNPlane id="LeavePlane" bpmnElement="Leave">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start">
        <dc:Bounds x="100" y="182" width="36" height="36"/>
        <bpmndi:BPMNLabel><dc:Bounds x="106" y="225" width="24" height="14"/></bpmndi:BPMNLabel>
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="approverAudit_di" bpmnElement="approverAudit">
        <dc:Bounds x="190" y="160" width="100" height="80"/>
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="approverDecision_di" bpmnElement="approverDecision" isMarkerVisible="true">
        <dc:Bounds x="345" y="175" width="50" height="50"/>
        <bpmndi:BPMNLabel><dc:Bounds x="400" y="222" width="44" height="14"/></bpmndi:BPMNLabel>
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="managerAudit_di" bpmnElement="managerAudit">
        <dc:Bounds x="470" y="160" width="100" height="80"/>
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="managerDecision_di" bpmnElement="managerDecision" isMarkerVisible="true">
        <dc:Bounds x="625" y="175" width="50" height="50"/>
        <bpmndi:BPMNLabel><dc:Bounds x="620" y="152" width="66" height="14"/></bpmndi:BPMNLabel>
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="approvedEnd_di" bpmnElement="approvedEnd">
        <dc:Bounds x="752" y="182" width="36" height="36"/>
        <bpmndi:BPMNLabel><dc:Bounds x="746" y="225" width="48" height="14"/></bpmndi:BPMNLabel>
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="applicantAdjust_di" bpmnElement="applicantAdjust">
        <dc:Bounds x="320" y="330" width="100" height="80"/>
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="adjustDecision_di" bpmnElement="adjustDecision" isMarkerVisible="true">
        <dc:Bounds x="215" y="345" width="50" height="50"/>
        <bpmndi:BPMNLabel><dc:Bounds x="210" y="402" width="60" height="14"/></bpmndi:BPMNLabel>
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="withdrawnEnd_di" bpmnElement="withdrawnEnd">
        <dc:Bounds x="102" y="352" width="36" height="36"/>
        <bpmndi:BPMNLabel><dc:Bounds x="102" y="395" width="36" height="14"/></bpmndi:BPMNLabel>
      </bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="flowStart_di" bpmnElement="flowStart">
        <di:waypoint x="136" y="200"/>
        <di:waypoint x="190" y="200"/>
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flowToApproverDecision_di" bpmnElement="flowToApproverDecision">
        <di:waypoint x="290" y="200"/>
        <di:waypoint x="345" y="200"/>
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flowApproverRejected_di" bpmnElement="flowApproverRejected">
        <di:waypoint x="370" y="225"/>
        <di:waypoint x="370" y="330"/>
        <bpmndi:BPMNLabel><dc:Bounds x="378" y="270" width="22" height="14"/></bpmndi:BPMNLabel>
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flowToManager_di" bpmnElement="flowToManager">
        <di:waypoint x="395" y="200"/>
        <di:waypoint x="470" y="200"/>
        <bpmndi:BPMNLabel><dc:Bounds x="394" y="182" width="77" height="14"/></bpmndi:BPMNLabel>
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flowApproverApproved_di" bpmnElement="flowApproverApproved">
        <di:waypoint x="370" y="175"/>
        <di:waypoint x="370" y="100"/>
        <di:waypoint x="770" y="100"/>
        <di:waypoint x="770" y="182"/>
        <bpmndi:BPMNLabel><dc:Bounds x="526" y="82" width="88" height="14"/></bpmndi:BPMNLabel>
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flowToManagerDecision_di" bpmnElement="flowToManagerDecision">
        <di:waypoint x="570" y="200"/>
        <di:waypoint x="625" y="200"/>
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flowManagerApproved_di" bpmnElement="flowManagerApproved">
        <di:waypoint x="675" y="200"/>
        <di:waypoint x="752" y="200"/>
        <bpmndi:BPMNLabel><dc:Bounds x="702" y="182" width="22" height="14"/></bpmndi:BPMNLabel>
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flowManagerRejected_di" bpmnElement="flowManagerRejected">
        <di:waypoint x="650" y="225"/>
        <di:waypoint x="650" y="370"/>
        <di:waypoint x="420" y="370"/>
        <bpmndi:BPMNLabel><dc:Bounds x="658" y="290" width="22" height="14"/></bpmndi:BPMNLabel>
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flowToAdjustDecision_di" bpmnElement="flowToAdjustDecision">
        <di:waypoint x="320" y="370"/>
        <di:waypoint x="265" y="370"/>
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flowResubmit_di" bpmnElement="flowResubmit">
        <di:waypoint x="240" y="345"/>
        <di:waypoint x="240" y="240"/>
        <bpmndi:BPMNLabel><dc:Bounds x="248" y="285" width="44" height="14"/></bpmndi:BPMNLabel>
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flowWithdraw_di" bpmnElement="flowWithdraw">
        <di:waypoint x="215" y="370"/>
        <di:waypoint x="138" y="370"/>
        <bpmndi:BPMNLabel><dc:Bounds x="166" y="352" width="22" height="14"/></bpmndi:BPMNLabel>
      </bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>
`;
