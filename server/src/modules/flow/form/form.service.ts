import type {
  FlowForm,
  FlowFormDetail,
  FlowFormInput,
  FlowFormValidateInput,
  FormDefinition,
  FormField,
} from '@console/contract';
import { formDefinitionProblems } from '@console/contract/schema';
import { TenantEntityService, found } from '../../../core/entity-service.js';
import { badRequest } from '../../../core/errors.js';
import type { MessageKey } from '../../../core/i18n.js';
import { inTransaction, type Actor, type Store } from '../../../core/repository/store.js';
import type { TenantStores } from '../../../core/repository/tenant-databases.js';
import { checkFormData, type FormDataErrors } from './form-data.js';
import { FormLookups } from './form-lookups.repository.js';
import { FlowFormRepository, FlowFormVersionRepository, flowFormTable } from './form.repository.js';

// Forms (issue 51, 流程管理 › 表单设计): a form has a key, a name and versions. Saving a draft
// rewrites its one version; saving a published form adds a version, so a published definition never
// changes under whatever uses it. Every definition is checked here before anything is written.

const blank = (value: string | null | undefined) => value === null || value === undefined || !value.trim();

/** A field as stored: labels trimmed, what is blank or off left out. */
function storedField(field: FormField): FormField {
  const out: FormField = {
    key: field.key,
    type: field.type,
    label: { zh: field.label.zh.trim(), ...(blank(field.label.en) ? {} : { en: field.label.en!.trim() }) },
    required: field.required === true,
    searchable: field.searchable === true,
  };
  if (field.min !== null && field.min !== undefined) out.min = field.min;
  if (field.max !== null && field.max !== undefined) out.max = field.max;
  if (!blank(field.pattern)) out.pattern = field.pattern!;
  if (field.type === 'dict') {
    out.dict = field.dict!.trim();
    out.biz = field.biz === true;
  }
  return out;
}

/** The definition as stored, or the 400 naming its first fault. */
export function checkedDefinition(definition: FormDefinition): FormDefinition {
  const problem = formDefinitionProblems(definition)[0];
  if (problem) throw badRequest(`flow.form.definition.${problem.code}` as MessageKey, problem.params);
  return { layout: definition.layout, fields: definition.fields.map(storedField) };
}

export class FlowFormService extends TenantEntityService<
  FlowForm,
  FlowFormInput,
  'blade_flow_form',
  FlowFormRepository
> {
  constructor(stores: TenantStores) {
    super(stores, flowFormTable, (s) => new FlowFormRepository(s));
  }

  /** The form with the definition of its latest version (or of `version`) and its versions. */
  override async detail(actor: Actor, id: string, version?: number): Promise<FlowFormDetail> {
    const store = await this.storeFor(actor);
    const form = found(await this.repositoryOn(store).findById(actor, id));
    const versions = new FlowFormVersionRepository(store);
    const wanted = version ?? form.version;
    const record = await versions.at(actor, id, wanted);
    if (!record) throw badRequest('flow.form.version.unknown', { version: wanted });
    return {
      ...form,
      definitionVersion: wanted,
      definition: JSON.parse(record.definition) as FormDefinition,
      versions: await versions.versionsOf(actor, id),
    };
  }

  async submit(actor: Actor, input: FlowFormInput): Promise<FlowForm> {
    const definition = checkedDefinition(input.definition);
    const formKey = input.formKey.trim();
    const id = input.id || undefined;
    const json = JSON.stringify(definition);
    return inTransaction(await this.storeFor(actor), async (tx) => {
      const forms = this.repositoryOn(tx);
      const versions = new FlowFormVersionRepository(tx);
      const current = id === undefined ? undefined : found(await forms.findById(actor, id));
      const holder = await forms.findByKey(actor, formKey);
      if (holder && holder.id !== id) throw badRequest('flow.form.keyExists', { key: formKey });
      const values: Partial<FlowForm> = {
        formKey,
        name: input.name.trim(),
        category: input.category?.trim() || null,
        remark: input.remark?.trim() || null,
        fieldCount: definition.fields.length,
      };
      if (!current) {
        const saved = await this.save(forms, actor, undefined, {
          ...values,
          version: 1,
          published: input.published ?? 0,
        });
        await versions.insert(actor, { formId: saved.id, version: 1, definition: json });
        return saved;
      }
      if (current.published === 1) {
        // A published version stays as it was: the save is the next version.
        const version = current.version + 1;
        if (!(await forms.takeNextVersion(actor, current.id, current.version)))
          throw badRequest('flow.form.changed', { name: current.name });
        await versions.insert(actor, { formId: current.id, version, definition: json });
        return this.save(forms, actor, current.id, { ...values, version, published: 1 });
      }
      const draft = found(await versions.at(actor, current.id, current.version));
      await versions.update(actor, draft.id, { definition: json });
      return this.save(forms, actor, current.id, { ...values, published: input.published ?? 0 });
    });
  }

  /** A form's versions go with it. */
  protected override async beforeRemove(tx: Store, actor: Actor, ids: string[]): Promise<void> {
    const versions = new FlowFormVersionRepository(tx);
    const versionIds = await versions.idsOfForms(actor, ids);
    if (versionIds.length > 0) await versions.softDelete(actor, versionIds);
  }

  /** The faults of form data under a version of a form (its latest by default), by field key. */
  async validate(actor: Actor, input: FlowFormValidateInput): Promise<FormDataErrors> {
    const { definition } = await this.detail(actor, input.id, input.version);
    return checkFormData(definition, input.data, new FormLookups(await this.storeFor(actor), actor.tenantId));
  }
}
