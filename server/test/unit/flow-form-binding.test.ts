import { describe, expect, it } from 'vitest';
import { REPAIR_FORM_DEFINITION, REPAIR_MODEL_XML } from '../../src/db/seed/repair-process.js';
import { parseModel } from '../../src/modules/flow/engine/model.js';
import {
  completeTask,
  startProcess,
  VariableNotDeclaredError,
} from '../../src/modules/flow/engine/runtime.js';
import {
  accessOf,
  boundFormView,
  parsePins,
  searchableValues,
} from '../../src/modules/flow/form/form-binding.js';

// Issue 51, part D: how a model binds designed forms (flowable:formKey and a formProperty per field:
// editable, writable="false" read-only, readable="false" hidden), and what a reader is shown.

describe('form bindings of a model', () => {
  it('reads the form and each field’s access of the start event and the user tasks', async () => {
    const model = await parseModel(REPAIR_MODEL_XML);
    expect(model.startForm).toEqual({
      formKey: 'repair_order',
      fields: {
        machine: 'editable',
        slot: 'editable',
        maintainer: 'editable',
        fault: 'editable',
        photos: 'editable',
        result: 'readonly',
      },
    });
    const [repair] = model.userTasks;
    expect(repair!.form?.fields.result).toBe('editable');
    // What the engine lets each step set follows: the start its editable fields, the task the result.
    expect(model.startVariables).toEqual(['machine', 'slot', 'maintainer', 'fault', 'photos']);
    expect(repair!.writable).toEqual(['result']);
    expect(accessOf(repair!.form!, 'nosuch')).toBe('readonly');
  });

  it('has the engine refuse a read-only field, and route on the fields', async () => {
    await expect(startProcess(REPAIR_MODEL_XML, { result: 'x' }, '1')).rejects.toBeInstanceOf(
      VariableNotDeclaredError,
    );
    const started = await startProcess(REPAIR_MODEL_XML, { machine: 'M', maintainer: '7', fault: 'f' }, '1');
    expect(started.waiting).toEqual([expect.objectContaining({ elementId: 'repair', assignee: '7' })]);
    await expect(
      completeTask(REPAIR_MODEL_XML, started.state, 'repair', { fault: 'x' }),
    ).rejects.toBeInstanceOf(VariableNotDeclaredError);
    const done = await completeTask(REPAIR_MODEL_XML, started.state, 'repair', { result: 'ok', pass: true });
    expect(done.ended).toBe(true);
  });

  it('shows a reader the fields their step does not hide, editable only for their own task', () => {
    const form = { formKey: 'repair_order', name: '报修单', version: 1, definition: REPAIR_FORM_DEFINITION };
    const binding = {
      formKey: 'repair_order',
      fields: { machine: 'readonly', fault: 'hidden', result: 'editable' } as const,
    };
    const data = { machine: 'M', fault: 'secret', result: 'r' };
    const view = boundFormView(form, binding, data, { editable: false, taskId: null });
    expect(view.definition.fields.map((f) => f.key)).toEqual([
      'machine',
      'slot',
      'maintainer',
      'photos',
      'result',
    ]);
    expect(view.data).toEqual({ machine: 'M', result: 'r' });
    expect(view.access.result).toBe('readonly');
    expect(boundFormView(form, binding, data, { editable: true, taskId: '9' }).access.result).toBe(
      'editable',
    );
    expect(searchableValues(REPAIR_FORM_DEFINITION, { ...data, photos: ['1'] })).toEqual([
      { field: 'machine', value: 'M' },
      { field: 'fault', value: 'secret' },
    ]);
    expect(parsePins('{"a":2,"b":"x"}')).toEqual({ a: 2 });
    expect(parsePins('nonsense')).toEqual({});
  });
});
