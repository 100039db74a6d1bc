import type { TreeDataNode } from 'antd';
import type { CrudOption } from '../../../crud';

/** Tree choices (roles, departments) as antd's Tree takes them: keys are the ids. */
export function toTreeData(options: readonly CrudOption[]): TreeDataNode[] {
  return options.map((option) => ({
    key: String(option.value),
    title: option.label,
    ...(option.children?.length ? { children: toTreeData(option.children) } : {}),
  }));
}
