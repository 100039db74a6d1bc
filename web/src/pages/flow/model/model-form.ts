import type { FlowModel } from '@console/contract';

// The model designer's form values as plain data: what a model starts from, and what counts as a
// change to them.

export interface ModelForm {
  name: string;
  modelKey: string;
  category?: string | null;
  description?: string | null;
}

/** A new model's process key: valid at once, meant to be renamed. */
export const newProcessKey = () => `process_${Date.now().toString(36)}`;

/** The model's values, or a new model's (with the key its process starts with). */
export const formOf = (model: FlowModel | undefined, key: string): ModelForm =>
  model
    ? {
        name: model.name,
        modelKey: model.modelKey,
        category: model.category ?? undefined,
        description: model.description ?? '',
      }
    : { name: '', modelKey: key, category: undefined, description: '' };

/** The form's values as compared for unsaved changes: trimmed, empty as none. */
export const snapshotOf = (values: Partial<ModelForm>) =>
  JSON.stringify([
    values.name?.trim() ?? '',
    values.modelKey?.trim() ?? '',
    values.category ?? '',
    values.description?.trim() ?? '',
  ]);
