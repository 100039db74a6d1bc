import type { Locator, Page } from 'playwright-core';
import { openMenu } from './console-api.js';

// What the workflow's browser tests do on 我的事务's pages: wait for a message, find a row, choose
// in a select, open a to-do's handling dialog; and the two-step model they run.

/** Waits for an antd message with `text`; failing, says which messages were on screen. */
export async function toast(page: Page, text: string): Promise<void> {
  const notices = page.locator('.ant-message-notice');
  try {
    await notices.filter({ hasText: text }).first().waitFor();
  } catch (error) {
    throw new Error(`no message "${text}"; on screen: ${JSON.stringify(await notices.allTextContents())}`, {
      cause: error,
    });
  }
}

/** A table row by its text. */
export const row = (scope: Locator, text: string | RegExp) => scope.getByRole('row', { name: text });

/** Chooses an option of an antd select by its label, typing to search it when it searches. */
export async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  const field = scope.getByLabel(label, { exact: true });
  await field.click();
  if (await field.isEditable()) await field.fill(option);
  await page.locator('.ant-select-item-option').filter({ hasText: option }).first().click();
}

/** Opens 处理 on a to-do row (the list read anew): the handling dialog. */
export async function handle(page: Page, task: string): Promise<Locator> {
  let todo: Locator;
  if (new URL(page.url()).pathname === '/work/todo/index') {
    await page.reload();
    todo = page.getByRole('region', { name: '待办事务', exact: true });
  } else todo = await openMenu(page, '我的事务', '待办事务', '/work/todo/index');
  await row(todo, new RegExp(task)).getByRole('button', { name: '处理' }).click();
  const dialog = page.getByRole('dialog', { name: '处理事务' });
  await dialog.waitFor();
  return dialog;
}

const shape = (id: string, x: number, width: number, height: number) =>
  `<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${x}" y="${140 - height / 2}" width="${width}" height="${height}" /></bpmndi:BPMNShape>`;
const edge = (id: string, from: number, to: number) =>
  `<bpmndi:BPMNEdge id="${id}_di" bpmnElement="${id}"><di:waypoint x="${from}" y="140" /><di:waypoint x="${to}" y="140" /></bpmndi:BPMNEdge>`;

/**
 * A drawn model of start → 初审 (the approver's) → `second` (the checker's) → end, with no form: its
 * process key and name as given.
 */
export const twoStepModel = (model: {
  key: string;
  name: string;
  second: string;
  approver: string;
  checker: string;
}) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"
  xmlns:di="http://www.omg.org/spec/DD/20100524/DI" targetNamespace="t">
  <process id="${model.key}" name="${model.name}" isExecutable="true">
    <startEvent id="begin" />
    <sequenceFlow id="toFirst" sourceRef="begin" targetRef="first" />
    <userTask id="first" name="初审" flowable:assignee="${model.approver}" />
    <sequenceFlow id="toSecond" sourceRef="first" targetRef="second" />
    <userTask id="second" name="${model.second}" flowable:assignee="${model.checker}" />
    <sequenceFlow id="toEnd" sourceRef="second" targetRef="end" />
    <endEvent id="end" />
  </process>
  <bpmndi:BPMNDiagram id="d"><bpmndi:BPMNPlane id="p" bpmnElement="${model.key}">
    ${shape('begin', 100, 36, 36)}${shape('first', 200, 100, 80)}${shape('second', 360, 100, 80)}${shape('end', 520, 36, 36)}
    ${edge('toFirst', 136, 200)}${edge('toSecond', 300, 360)}${edge('toEnd', 460, 520)}
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</definitions>`;
