const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A new process for the designer: one start event, drawn, with the flowable namespace declared (the
 * designer writes assignees under it). `key` becomes the process id, which the server requires to
 * equal the model key: it should be an XML name (letters, digits, `_`, `-`, `.`; not a digit first).
 */
export function emptyProcessXml(key: string, name: string): string {
  const id = escapeAttribute(key);
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:flowable="http://flowable.org/bpmn"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"
  xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
  id="${id}_definitions"
  targetNamespace="http://www.flowable.org/processdef">
  <process id="${id}"${name === '' ? '' : ` name="${escapeAttribute(name)}"`} isExecutable="true">
    <startEvent id="StartEvent_1"/>
  </process>
  <bpmndi:BPMNDiagram id="${id}_diagram">
    <bpmndi:BPMNPlane id="${id}_plane" bpmnElement="${id}">
      <bpmndi:BPMNShape id="StartEvent_1_di" bpmnElement="StartEvent_1">
        <dc:Bounds x="180" y="160" width="36" height="36"/>
      </bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>
`;
}
