import { describe, expect, it } from 'vitest';
import { emptyProcessXml } from './empty-process';

const BPMN = 'http://www.omg.org/spec/BPMN/20100524/MODEL';

function parse(xml: string): Document {
  const document = new DOMParser().parseFromString(xml, 'application/xml');
  expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
  return document;
}

describe('emptyProcessXml', () => {
  it('is a process with its key and name, one drawn start event, and the flowable namespace', () => {
    const document = parse(emptyProcessXml('Leave_2', '请假 & "加班"'));
    const definitions = document.documentElement;
    expect(definitions.namespaceURI).toBe(BPMN);
    expect(definitions.getAttribute('xmlns:flowable')).toBe('http://flowable.org/bpmn');

    const processes = document.getElementsByTagNameNS(BPMN, 'process');
    expect(processes).toHaveLength(1);
    expect(processes[0]!.getAttribute('id')).toBe('Leave_2');
    expect(processes[0]!.getAttribute('name')).toBe('请假 & "加班"');
    expect(processes[0]!.getAttribute('isExecutable')).toBe('true');

    const starts = document.getElementsByTagNameNS(BPMN, 'startEvent');
    expect(starts).toHaveLength(1);
    expect(processes[0]!.children).toHaveLength(1);
    const startId = starts[0]!.getAttribute('id');
    const shapes = document.getElementsByTagNameNS('http://www.omg.org/spec/BPMN/20100524/DI', 'BPMNShape');
    expect(shapes).toHaveLength(1);
    expect(shapes[0]!.getAttribute('bpmnElement')).toBe(startId);

    // Every id is unique, the process key included.
    const ids = Array.from(document.querySelectorAll('[id]'), (element) => element.getAttribute('id'));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('leaves out an empty name', () => {
    const process = parse(emptyProcessXml('P', '')).getElementsByTagNameNS(BPMN, 'process')[0]!;
    expect(process.hasAttribute('name')).toBe(false);
  });
});
