import { PLATFORM_TENANT_ID, type FormDefinition } from '@console/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import type { SeedAudit, SeedIds } from './menus.js';
import { insertDeployedModel, seedProcessOnce } from './seeded-process.js';

// Seed data (issue 51, part D): a machine repair order, a process built in the console alone, with
// no code of its own: a designed form (报修单: the machine, the slot at fault, the fault, photos, the
// maintainer chosen at the start, the maintainer's result) bound to the model's start event and its
// one user task. The start sets the first five; the maintainer's task shows them read-only and sets
// the result. It is started from the machine page's 报修 (business/machine/machine-repair.ts), whose
// record follows it: its end clears the slot's fault. The slot field came after the first release:
// migration 0037 adds it to the copies of the form and model seeded before.
// Seeded once in the platform tenant, like the leave process: a form, model or definition of its key
// that exists, or existed and was removed, means an administrator has had it.

export const REPAIR_PROCESS_KEY = 'machine_repair';
export const REPAIR_FORM_KEY = 'repair_order';

export const REPAIR_FORM_DEFINITION: FormDefinition = {
  layout: 2,
  fields: [
    {
      key: 'machine',
      type: 'text',
      label: { zh: '机器', en: 'Machine' },
      required: true,
      searchable: true,
      max: 100,
    },
    {
      key: 'slot',
      type: 'number',
      label: { zh: '格口', en: 'Slot' },
      required: false,
      searchable: false,
      min: 1,
      max: 200,
    },
    {
      key: 'maintainer',
      type: 'user',
      label: { zh: '维修人员', en: 'Maintainer' },
      required: true,
      searchable: false,
    },
    {
      key: 'fault',
      type: 'textarea',
      label: { zh: '故障描述', en: 'Fault description' },
      required: true,
      searchable: true,
      max: 1000,
    },
    {
      key: 'photos',
      type: 'attachment',
      label: { zh: '照片', en: 'Photos' },
      required: false,
      searchable: false,
      max: 9,
    },
    {
      key: 'result',
      type: 'textarea',
      label: { zh: '维修结果', en: 'Repair result' },
      required: true,
      searchable: false,
      max: 1000,
    },
  ],
};

export const REPAIR_MODEL_XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:flowable="http://flowable.org/bpmn"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"
  xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
  id="MachineRepairDefinitions"
  targetNamespace="http://www.flowable.org/processdef">
  <process id="${REPAIR_PROCESS_KEY}" name="设备报修" isExecutable="true">
    <documentation>A machine repair order: the reporter describes the fault and chooses the maintainer, who records the result.</documentation>
    <startEvent id="report" name="报修" flowable:initiator="applyUser" flowable:formKey="${REPAIR_FORM_KEY}">
      <extensionElements>
        <flowable:formProperty id="machine"/>
        <flowable:formProperty id="slot"/>
        <flowable:formProperty id="maintainer"/>
        <flowable:formProperty id="fault"/>
        <flowable:formProperty id="photos"/>
        <flowable:formProperty id="result" writable="false"/>
      </extensionElements>
    </startEvent>
    <userTask id="repair" name="维修" flowable:assignee="\${maintainer}" flowable:formKey="${REPAIR_FORM_KEY}">
      <extensionElements>
        <flowable:formProperty id="machine" writable="false"/>
        <flowable:formProperty id="slot" writable="false"/>
        <flowable:formProperty id="maintainer" writable="false"/>
        <flowable:formProperty id="fault" writable="false"/>
        <flowable:formProperty id="photos" writable="false"/>
        <flowable:formProperty id="result"/>
      </extensionElements>
    </userTask>
    <endEvent id="repaired" name="结束"/>
    <sequenceFlow id="flowReport" sourceRef="report" targetRef="repair"/>
    <sequenceFlow id="flowRepaired" sourceRef="repair" targetRef="repaired"/>
  </process>
  <bpmndi:BPMNDiagram id="MachineRepairDiagram">
    <bpmndi:BPMNPlane id="MachineRepairPlane" bpmnElement="${REPAIR_PROCESS_KEY}">
      <bpmndi:BPMNShape id="report_di" bpmnElement="report">
        <dc:Bounds x="100" y="182" width="36" height="36"/>
        <bpmndi:BPMNLabel><dc:Bounds x="106" y="225" width="24" height="14"/></bpmndi:BPMNLabel>
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="repair_di" bpmnElement="repair">
        <dc:Bounds x="190" y="160" width="100" height="80"/>
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="repaired_di" bpmnElement="repaired">
        <dc:Bounds x="352" y="182" width="36" height="36"/>
        <bpmndi:BPMNLabel><dc:Bounds x="358" y="225" width="24" height="14"/></bpmndi:BPMNLabel>
      </bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="flowReport_di" bpmnElement="flowReport">
        <di:waypoint x="136" y="200"/>
        <di:waypoint x="190" y="200"/>
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flowRepaired_di" bpmnElement="flowRepaired">
        <di:waypoint x="290" y="200"/>
        <di:waypoint x="352" y="200"/>
      </bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>
`;

export async function seedRepairProcess(
  db: Kysely<Database>,
  ids: SeedIds,
  audit: SeedAudit,
): Promise<boolean> {
  // A schema migrated only part of the way (before 0033) has no designed forms to seed yet.
  const tables = await db.introspection.getTables();
  if (!tables.some((t) => t.name === 'blade_flow_form_value')) return false;
  return seedProcessOnce(db, {
    key: REPAIR_PROCESS_KEY,
    formKey: REPAIR_FORM_KEY,
    insert: async (tx) => {
      await insertRepairForm(tx, ids, audit);
      await insertDeployedModel(tx, ids, audit, {
        key: REPAIR_PROCESS_KEY,
        name: '设备报修',
        category: null,
        xml: REPAIR_MODEL_XML,
        formPins: { [REPAIR_FORM_KEY]: 1 },
      });
    },
  });
}

/** The designed form 报修单, published as its version 1. */
async function insertRepairForm(tx: Kysely<Database>, ids: SeedIds, audit: SeedAudit): Promise<void> {
  const tenant = { tenant_id: PLATFORM_TENANT_ID, ...audit };
  const formId = BigInt(ids.next());
  await tx
    .insertInto('blade_flow_form')
    .values({
      id: formId,
      ...tenant,
      form_key: REPAIR_FORM_KEY,
      name: '报修单',
      category: null,
      remark: null,
      version: 1,
      published: 1,
      field_count: REPAIR_FORM_DEFINITION.fields.length,
    })
    .execute();
  await tx
    .insertInto('blade_flow_form_version')
    .values({
      id: BigInt(ids.next()),
      ...tenant,
      form_id: formId,
      version: 1,
      definition: JSON.stringify(REPAIR_FORM_DEFINITION),
    })
    .execute();
}
