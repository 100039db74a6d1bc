import * as deptApi from '../../../api/system/dept';
import { optionsFromTree, type CrudOption } from '../../../crud';

// The tenant's departments as a tree of choices, shared by the pages that pick departments (the
// department page's parent, the user page's side tree and form): one query, loaded again whenever
// a department changes (refreshingChoices), so a department just added can be picked at once.

export const DEPT_TREE_KEY = ['dept', 'tree'] as const;

export const loadDeptTree = async (): Promise<CrudOption[]> => optionsFromTree(await deptApi.tree());
