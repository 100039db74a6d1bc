import type { FlowBoundForm, FormDefinition, FormField, FormFieldAccess } from '@console/contract';
import { ApiError, badRequest } from '../../../core/errors.js';
import type { Actor, Store } from '../../../core/repository/store.js';
import type { FormBinding, ParsedModel } from '../engine/model.js';
import { checkFormData, formDataRefusal, type FormDataError, type FormDataErrors } from './form-data.js';
import { FormLookups } from './form-lookups.repository.js';
import { FlowFormRepository, FlowFormVersionRepository } from './form.repository.js';

// Processes whose start event and user tasks show designed forms (issue 51, part D). The model
// names each element's form by key (flowable:formKey) and each field's access (formProperty:
// hidden, read-only, editable); saving a model checks the forms and fields exist, deploying it pins
// the published version of each form (blade_flow_definition.form_pins). At run time the server
// checks what a start or a completion sends against the pinned definition: only the element's
// editable fields, each checked by form-data.ts; the data is the instance's (form_data), and the
// values of searchable fields are kept apart for the work lists' filter (blade_flow_form_value).

/** An element of a model with a form: the start event or a user task. */
export interface BoundElement {
  elementId: string;
  /** Its name, else its id: what messages name. */
  label: string;
  binding: FormBinding;
}

/** The model's elements that show a form: the start event first, then the user tasks. */
export function boundElements(parsed: ParsedModel): BoundElement[] {
  const start = parsed.elements.find((e) => e.type === 'bpmn:StartEvent');
  return [
    ...(parsed.startForm && start
      ? [{ elementId: start.id, label: start.name || start.id, binding: parsed.startForm }]
      : []),
    ...parsed.userTasks.flatMap((task) =>
      task.form ? [{ elementId: task.id, label: task.name || task.id, binding: task.form }] : [],
    ),
  ];
}

/** The form an element shows, by element id (the start event's or a user task's); null: none. */
export function bindingOf(parsed: ParsedModel, elementId: string): FormBinding | null {
  return boundElements(parsed).find((e) => e.elementId === elementId)?.binding ?? null;
}

/** A field's access under a binding: a field the element does not list is read-only. */
export const accessOf = (binding: FormBinding, key: string): FormFieldAccess =>
  Object.hasOwn(binding.fields, key) ? binding.fields[key]! : 'readonly';

/** The version of a form an instance uses, with its definition. */
export interface PinnedForm {
  formKey: string;
  name: string;
  version: number;
  definition: FormDefinition;
}

/** Form data that failed its checks: by field, for the route to describe in the caller's language. */
export class FormDataRefusedError extends ApiError {
  constructor(readonly errors: FormDataErrors) {
    super(400, 'flow.form.data.invalid', { fields: Object.keys(errors).join(', ') });
  }
}

/** The refusal a route answers: each faulty field with its message, described by `describe`. */
export function describedRefusal(error: unknown, describe: (error: FormDataError) => string): unknown {
  return error instanceof FormDataRefusedError ? (formDataRefusal(error.errors, describe) ?? error) : error;
}

/** Parses a definition's pins (JSON: form key → version); {} for none or unreadable text. */
export function parsePins(text: string | null | undefined): Record<string, number> {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).filter(
        (entry): entry is [string, number] => typeof entry[1] === 'number',
      ),
    );
  } catch {
    return {};
  }
}

export class FormBindings {
  constructor(
    /** A store of the tenant's workflow records (or a transaction on it). */
    private readonly store: Store,
    private readonly actor: Actor,
  ) {}

  private readonly loaded = new Map<string, PinnedForm>();

  /**
   * Checks a model's forms against the tenant's: each bound form exists (published, when deploying)
   * and has every field the model names; answers the version of each form (the pins). Refused with
   * a 400 naming the element and the form or field.
   */
  async check(parsed: ParsedModel, deploying: boolean): Promise<Record<string, number>> {
    const pins: Record<string, number> = {};
    for (const { label, binding } of boundElements(parsed)) {
      const params = { element: label, form: binding.formKey };
      const form = await this.current(binding.formKey);
      if (!form) throw badRequest('flow.form.binding.unknownForm', params);
      if (deploying && !form.published) throw badRequest('flow.form.binding.unpublished', params);
      pins[form.formKey] = form.version;
      const keys = new Set(form.definition.fields.map((f) => f.key));
      for (const field of Object.keys(binding.fields))
        if (!keys.has(field)) throw badRequest('flow.form.binding.unknownField', { ...params, field });
    }
    return pins;
  }

  /** The form's latest version (whether published), or undefined when the tenant has no such form. */
  private async current(formKey: string): Promise<(PinnedForm & { published: boolean }) | undefined> {
    const form = await new FlowFormRepository(this.store).findByKey(this.actor, formKey);
    if (!form) return undefined;
    const record = await new FlowFormVersionRepository(this.store).at(this.actor, form.id, form.version);
    if (!record) return undefined;
    return {
      formKey,
      name: form.name,
      version: form.version,
      definition: JSON.parse(record.definition) as FormDefinition,
      published: form.published === 1,
    };
  }

  /**
   * The version of a form a definition pinned when deployed (a definition deployed without pins:
   * the form's published version); a 400 when the form was removed since.
   */
  async pinned(formKey: string, pins: Record<string, number>): Promise<PinnedForm> {
    const cached = this.loaded.get(formKey);
    if (cached) return cached;
    const forms = new FlowFormRepository(this.store);
    const form = await forms.findByKey(this.actor, formKey);
    const version = pins[formKey] ?? (form?.published === 1 ? form.version : undefined);
    const record =
      form && version !== undefined
        ? await new FlowFormVersionRepository(this.store).at(this.actor, form.id, version)
        : undefined;
    if (!form || !record) throw badRequest('flow.form.binding.gone', { form: formKey });
    const pinned = {
      formKey,
      name: form.name,
      version,
      definition: JSON.parse(record.definition) as FormDefinition,
    } as PinnedForm;
    this.loaded.set(formKey, pinned);
    return pinned;
  }

  /**
   * What a step may write of its form: `given` holds only fields the element shows editable (a
   * read-only or hidden field is refused by name, a key the form lacks too), checked with
   * form-data.ts against the pinned definition, required fields only when `complete` (a rejection
   * need not fill them). Answers the element's editable fields' values: `existing` overridden by
   * `given`.
   */
  async checkedStep(
    form: PinnedForm,
    binding: FormBinding,
    given: Readonly<Record<string, unknown>>,
    existing: Readonly<Record<string, unknown>>,
    complete: boolean,
  ): Promise<Record<string, unknown>> {
    const fields = new Map(form.definition.fields.map((f) => [f.key, f]));
    for (const key of Object.keys(given)) {
      if (fields.has(key) && accessOf(binding, key) !== 'editable')
        throw badRequest('flow.form.field.notEditable', { field: key, form: form.formKey });
    }
    const editable: FormField[] = form.definition.fields
      .filter((f) => accessOf(binding, f.key) === 'editable')
      .map((f) => (complete ? f : { ...f, required: false }));
    const values: Record<string, unknown> = {};
    for (const field of editable)
      if (Object.hasOwn(existing, field.key)) values[field.key] = existing[field.key];
    for (const [key, value] of Object.entries(given)) values[key] = value;
    const errors = await checkFormData(
      { layout: form.definition.layout, fields: editable },
      values,
      new FormLookups(this.store, this.actor.tenantId),
    );
    if (Object.keys(errors).length > 0) throw new FormDataRefusedError(errors);
    return values;
  }
}

/** The instance's data as stored (JSON object), {} for none. */
export function parseFormData(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The searchable fields' values of form data, as the filter compares them (text; lists skipped). */
export function searchableValues(
  definition: FormDefinition,
  data: Readonly<Record<string, unknown>>,
): Array<{ field: string; value: string }> {
  return definition.fields.flatMap((field) => {
    const value = data[field.key];
    if (field.searchable !== true || value === undefined || value === null || Array.isArray(value)) return [];
    if (typeof value === 'object') return [];
    return [{ field: field.key, value: String(value).slice(0, 500) }];
  });
}

/**
 * The form as a reader sees it: the fields `binding` hides left out (their values with them), the
 * others with their access, editable only when `editable` (a start, or the reader's own task `taskId`).
 */
export function boundFormView(
  form: PinnedForm,
  binding: FormBinding,
  data: Readonly<Record<string, unknown>>,
  { editable, taskId }: { editable: boolean; taskId: string | null },
): FlowBoundForm {
  const shown = form.definition.fields.filter((f) => accessOf(binding, f.key) !== 'hidden');
  const access: Record<string, FormFieldAccess> = {};
  const values: Record<string, unknown> = {};
  for (const field of shown) {
    const fieldAccess = accessOf(binding, field.key);
    access[field.key] = editable || fieldAccess !== 'editable' ? fieldAccess : 'readonly';
    if (Object.hasOwn(data, field.key)) values[field.key] = data[field.key];
  }
  return {
    formKey: form.formKey,
    name: form.name,
    version: form.version,
    definition: { layout: form.definition.layout, fields: shown },
    access,
    data: values,
    taskId,
  };
}
