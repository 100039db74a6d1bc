import Viewer from 'bpmn-js/lib/Viewer';
import { describe, expect, it } from 'vitest';
import { flowableModdle } from './flowable-moddle';
import { fieldAccesses } from './FormBindingFields';
import type { DiagramElement } from './bpmn-types';

// The designer keeps the form properties a model declares (security.md S15: what a start or a task
// may set): without a type for them, bpmn-moddle drops them on import and the next save loses them.

const MODEL = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d" targetNamespace="t">
  <process id="Leave" isExecutable="true">
    <startEvent id="start" flowable:initiator="applyUser">
      <extensionElements>
        <flowable:formProperty id="days" name="请假天数" type="long" required="true" />
        <flowable:formProperty id="leaveType" type="enum" writable="false">
          <flowable:value id="1" name="事假" />
        </flowable:formProperty>
      </extensionElements>
    </startEvent>
    <userTask id="audit" flowable:assignee="\${taskUser}">
      <extensionElements>
        <camunda:formData><camunda:formField id="pass" /></camunda:formData>
      </extensionElements>
    </userTask>
  </process>
</definitions>`;

/** The modeler's parser: bpmn-js's own bpmn-moddle with the console's flowable package. */
function moddle() {
  const viewer = new Viewer({ moddleExtensions: { flowable: flowableModdle } });
  return (viewer as unknown as { _moddle: ModdleLike })._moddle;
}

interface ModdleLike {
  create(type: string, properties: Record<string, unknown>): DiagramElement;
  fromXML(xml: string): Promise<{ rootElement: unknown; warnings: { message: string }[] }>;
  toXML(element: unknown, options?: { format?: boolean }): Promise<{ xml: string }>;
}

describe('the flowable moddle package', () => {
  it('reads and writes back form properties, their values and other namespaces’ form fields', async () => {
    const parser = moddle();
    const { rootElement, warnings } = await parser.fromXML(MODEL);
    expect(warnings).toEqual([]);
    const { xml } = await parser.toXML(rootElement);
    const saved = new DOMParser().parseFromString(xml, 'application/xml');
    const properties = saved.getElementsByTagNameNS('http://flowable.org/bpmn', 'formProperty');
    expect([...properties].map((p) => [p.getAttribute('id'), p.getAttribute('writable')])).toEqual([
      ['days', null],
      ['leaveType', 'false'],
    ]);
    expect(properties[0]!.getAttribute('required')).toBe('true');
    expect(saved.getElementsByTagNameNS('http://flowable.org/bpmn', 'value')[0]!.getAttribute('name')).toBe(
      '事假',
    );
    const fields = saved.getElementsByTagNameNS('http://camunda.org/schema/1.0/bpmn', 'formField');
    expect([...fields].map((f) => f.getAttribute('id'))).toEqual(['pass']);
  });

  it('writes a designed form as the server reads it: formKey, and each field’s access', async () => {
    const parser = moddle();
    const { rootElement } = await parser.fromXML(MODEL);
    const task = (
      rootElement as DiagramElement & { rootElements: Array<{ flowElements: DiagramElement[] }> }
    ).rootElements[0]!.flowElements.find((e) => e.id === 'audit')!;
    task.set('flowable:formKey', 'repair_order');
    const property = (id: string, more: Record<string, string> = {}) =>
      parser.create('flowable:FormProperty', { id, ...more });
    task.set(
      'extensionElements',
      parser.create('bpmn:ExtensionElements', {
        values: [
          property('machine', { writable: 'false' }),
          property('secret', { readable: 'false', writable: 'false' }),
          property('result'),
        ],
      }),
    );
    expect([...fieldAccesses(task)]).toEqual([
      ['machine', 'readonly'],
      ['secret', 'hidden'],
      ['result', 'editable'],
    ]);
    const { xml } = await parser.toXML(rootElement);
    expect(xml).toContain('flowable:formKey="repair_order"');
    expect(xml).toContain('<flowable:formProperty id="secret" readable="false" writable="false" />');
    expect(xml).toContain('<flowable:formProperty id="result" />');
  });

  it('reads and writes a countersign’s signers and a return mode (issue 51)', async () => {
    const parser = moddle();
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" id="d" targetNamespace="t">
  <process id="Sign" isExecutable="true" flowable:returnMode="flow">
    <userTask id="sign" flowable:returnMode="direct">
      <multiInstanceLoopCharacteristics isSequential="true" flowable:collection="signers">
        <completionCondition>\${nrOfAgreed / nrOfInstances >= 2/3}</completionCondition>
      </multiInstanceLoopCharacteristics>
    </userTask>
  </process>
</definitions>`;
    const { rootElement, warnings } = await parser.fromXML(xml);
    expect(warnings).toEqual([]);
    const process = (rootElement as DiagramElement & { rootElements: DiagramElement[] }).rootElements[0]!;
    expect(process.get('flowable:returnMode')).toBe('flow');
    const task = (process.get('flowElements') as DiagramElement[])[0]!;
    expect(task.get('flowable:returnMode')).toBe('direct');
    const loop = task.get('loopCharacteristics') as DiagramElement;
    expect(loop.get('flowable:collection')).toBe('signers');
    loop.set('flowable:collection', '${approvers}');
    const saved = (await parser.toXML(rootElement)).xml;
    expect(saved).toContain('flowable:collection="${approvers}"');
    expect(saved).toContain('isSequential="true"');
    expect(saved).toContain('flowable:returnMode="flow"');
  });
});
