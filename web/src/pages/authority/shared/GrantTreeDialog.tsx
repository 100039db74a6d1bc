import { CaretDownOutlined } from '@ant-design/icons';
import type { TreeNode } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Flex, Modal, Spin, Tabs, Tree, type TreeDataNode } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './locales';
import { halfChecks, indexTree, presetChecks, toggleCheck } from './grant-tree';
import { usePageContainer } from './page-container';

/** One checkable tree of the dialog (a tab when there are several). */
export interface GrantSection {
  key: string;
  /** The tab's text and the tree's accessible name. */
  label: string;
  nodes: TreeNode[];
  /** The ids granted now. */
  granted: readonly string[];
}

export interface GrantTreeDialogProps {
  /** The dialog is open for these targets (roles, top menus); none: closed. */
  targetIds: readonly string[];
  /** The dialog's title and accessible name. */
  title: string;
  /** Names the loaded trees in the query cache (with the targets). */
  queryKey: string;
  /** The trees and what the targets are granted now. */
  load: (targetIds: readonly string[]) => Promise<GrantSection[]>;
  /** Saves the checked ids, by section key; a rejection keeps the dialog open. */
  save: (targetIds: readonly string[], granted: Readonly<Record<string, string[]>>) => Promise<unknown>;
  onClose: () => void;
}

const toTreeData = (nodes: readonly TreeNode[]): TreeDataNode[] =>
  nodes.map((node) => ({
    key: node.key || node.id,
    title: node.title,
    ...(node.children && node.children.length > 0 ? { children: toTreeData(node.children) } : {}),
  }));

/**
 * A dialog of checkable trees: what roles or top menus are granted. The checks are exactly the
 * granted ids (grant-tree.ts): checking a node grants what is below and above it too.
 */
export function GrantTreeDialog({ targetIds, title, queryKey, load, save, onClose }: GrantTreeDialogProps) {
  const { t } = useTranslation();
  const open = targetIds.length > 0;
  const getContainer = usePageContainer();
  const sections = useQuery({
    queryKey: [queryKey, 'grant', targetIds],
    queryFn: () => load(targetIds),
    enabled: open,
    // Always what is granted now: nothing kept once the dialog closes.
    gcTime: 0,
  });
  return (
    <Modal
      open={open}
      title={title}
      width={520}
      getContainer={getContainer}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={null}
    >
      {sections.isError ? (
        <Alert type="error" showIcon title={t('authority.shared.grant.loadFailed')} />
      ) : !sections.data ? (
        <Spin style={{ display: 'block', padding: 48 }} />
      ) : (
        <GrantForm sections={sections.data} targetIds={targetIds} save={save} onClose={onClose} />
      )}
    </Modal>
  );
}

interface GrantFormProps {
  sections: readonly GrantSection[];
  targetIds: readonly string[];
  save: GrantTreeDialogProps['save'];
  onClose: () => void;
}

/** The trees once loaded: their checks start from what is granted now. */
function GrantForm({ sections, targetIds, save, onClose }: GrantFormProps) {
  const { t } = useTranslation();
  const okText = t('authority.shared.grant.save');
  const cancelText = t('authority.shared.grant.cancel');
  const { message } = App.useApp();
  const indexes = useMemo(
    () => new Map(sections.map((section) => [section.key, indexTree(section.nodes)] as const)),
    [sections],
  );
  const [checked, setChecked] = useState<Record<string, string[]>>(() =>
    Object.fromEntries(
      sections.map((section) => [section.key, presetChecks(indexes.get(section.key)!, section.granted)]),
    ),
  );
  const [saving, setSaving] = useState(false);
  const inFlight = useRef(false);

  const onSave = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSaving(true);
    try {
      await save(targetIds, checked);
      void message.success(t('crud.message.done'));
      onClose();
    } catch {
      // The request layer has shown the server's reason: the checks stay.
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };

  const treeOf = (section: GrantSection) => {
    const index = indexes.get(section.key)!;
    const keys = checked[section.key] ?? [];
    if (section.nodes.length === 0)
      return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('authority.shared.grant.empty')} />;
    return (
      <div role="group" aria-label={section.label} style={{ maxHeight: 420, overflow: 'auto' }}>
        <Tree
          checkable
          checkStrictly
          selectable={false}
          defaultExpandAll
          // A hidden caret: the node's name is its title alone ("系统管理", not "caret-down 系统管理").
          switcherIcon={<CaretDownOutlined aria-hidden />}
          treeData={toTreeData(section.nodes)}
          checkedKeys={{ checked: keys, halfChecked: halfChecks(index, keys) }}
          onCheck={(_, info) =>
            setChecked((all) => ({
              ...all,
              [section.key]: toggleCheck(index, all[section.key] ?? [], String(info.node.key), info.checked),
            }))
          }
        />
      </div>
    );
  };

  return (
    <>
      {targetIds.length > 1 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('authority.shared.grant.several', { count: targetIds.length })}
        />
      )}
      {sections.length === 1 ? (
        treeOf(sections[0]!)
      ) : (
        <Tabs
          items={sections.map((section) => ({
            key: section.key,
            label: section.label,
            children: treeOf(section),
          }))}
        />
      )}
      <Flex justify="end" gap={8} style={{ marginTop: 16 }}>
        <Button aria-label={cancelText} onClick={onClose}>
          {cancelText}
        </Button>
        <Button type="primary" aria-label={okText} loading={saving} onClick={() => void onSave()}>
          {okText}
        </Button>
      </Flex>
    </>
  );
}
