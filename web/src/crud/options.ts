import type { TreeNode } from '@console/contract';
import type { DictItem } from '../api/system/dict';

// Choices of a column (a dictionary, a static list, a loaded tree) in one shape, and how a stored
// value shows as their labels. A field holding several values stores them comma-joined on the wire
// (tenant package menuId, BladeX's dataType string) and as an array in the form.

export type OptionValue = string | number;

/** One choice; `children` make a tree (TreeSelect). */
export interface CrudOption {
  value: OptionValue;
  label: string;
  children?: CrudOption[];
}

/**
 * A dictionary's items as choices. `numeric`: the entity stores the key as a number (status,
 * isSealed), so the form's value must be one too.
 */
export function optionsFromDict(items: readonly DictItem[], numeric = false): CrudOption[] {
  return items.map((item) => ({
    value: numeric ? Number(item.dictKey) : item.dictKey,
    label: item.dictValue,
  }));
}

/** Tree nodes (menu/tree, dept/tree, …) as choices: value and title, children kept. */
export function optionsFromTree(nodes: readonly TreeNode[]): CrudOption[] {
  return nodes.map((node) => ({
    value: node.value ?? node.id,
    label: node.title,
    ...(node.children && node.children.length > 0 ? { children: optionsFromTree(node.children) } : {}),
  }));
}

/** Every choice of a tree, depth first (parents before their children). */
export function flattenOptions(options: readonly CrudOption[]): CrudOption[] {
  return options.flatMap((option) => [option, ...flattenOptions(option.children ?? [])]);
}

/** The values a stored value holds: an array's items, a comma-joined text's parts, or the one value. */
export function splitValues(value: unknown): OptionValue[] {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) return value.flatMap(splitValues);
  if (typeof value === 'string')
    return value
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
  if (typeof value === 'number') return [value];
  return [String(value)];
}

/** Several values as the wire's one comma-joined text. */
export function joinValues(values: unknown): string {
  return splitValues(values).map(String).join(',');
}

/** A lookup from value to label; values compare as text, so the dictionary's '1' finds status 1. */
export function labelIndex(options: readonly CrudOption[]): ReadonlyMap<string, string> {
  return new Map(flattenOptions(options).map((option) => [String(option.value), option.label]));
}

/**
 * The labels of a stored value, in its order; a value with no choice shows as itself (a key the
 * dictionary no longer has is still worth seeing).
 */
export function optionLabels(
  index: ReadonlyMap<string, string>,
  value: unknown,
  multiple: boolean,
): string[] {
  const values = multiple ? splitValues(value) : value === null || value === undefined ? [] : [value];
  return values.map((one) => index.get(String(one)) ?? String(one));
}
