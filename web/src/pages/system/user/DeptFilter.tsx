import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, Spin, Tree, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEPT_TREE_KEY, loadDeptTree } from '../dept/dept-tree';
import { toTreeData } from './tree-data';

export interface DeptFilterProps {
  /** The department whose users are listed (with those of the departments below it); none: all. */
  deptId: string | undefined;
  onChange: (deptId: string | undefined) => void;
}

/**
 * The department tree beside the user table: picking a department lists its users and those of
 * every department below it (the server's `deptId` filter); picking it again, or 全部部门, lists all.
 */
export function DeptFilter({ deptId, onChange }: DeptFilterProps) {
  const { t } = useTranslation();
  const depts = useQuery({ queryKey: DEPT_TREE_KEY, queryFn: loadDeptTree });
  const treeData = useMemo(() => toTreeData(depts.data ?? []), [depts.data]);

  return (
    <section aria-label={t('system.user.deptTree.label')} style={{ width: 240, flex: 'none' }}>
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Text strong>{t('system.user.deptTree.title')}</Typography.Text>
        <Button size="small" type="link" disabled={deptId === undefined} onClick={() => onChange(undefined)}>
          {t('system.user.deptTree.all')}
        </Button>
      </Flex>
      {depts.isPending ? (
        <Spin style={{ display: 'block', padding: 24 }} />
      ) : treeData.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('system.user.deptTree.empty')} />
      ) : (
        <Tree
          blockNode
          defaultExpandAll
          treeData={treeData}
          selectedKeys={deptId === undefined ? [] : [deptId]}
          // Picking the chosen department again clears the choice (antd reports no key).
          onSelect={(keys) => onChange(keys.length > 0 ? String(keys[0]) : undefined)}
        />
      )}
    </section>
  );
}
