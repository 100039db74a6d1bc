import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Space } from 'antd';
import type { ReactNode } from 'react';

/**
 * A section's list of entries (aggregates, sorts, filters): a row of controls each, ending with its
 * remove button, and an add button below.
 */
export function EntryList<T>({
  entries,
  children,
  addText,
  addDisabled,
  onAdd,
}: {
  entries: readonly T[];
  /** One entry's controls; `n` counts from 1 for accessible names (求和 1, 字段 1). */
  children: (entry: T, index: number, n: number) => ReactNode;
  addText: string;
  addDisabled: boolean;
  onAdd: () => void;
}) {
  return (
    <Flex vertical gap={8}>
      {entries.map((entry, index) => (
        <Space key={index} wrap>
          {children(entry, index, index + 1)}
        </Space>
      ))}
      <div>
        <Button icon={<PlusOutlined aria-hidden />} disabled={addDisabled} onClick={onAdd}>
          {addText}
        </Button>
      </div>
    </Flex>
  );
}

/** An entry's remove button: an icon whose accessible name and tooltip say which entry goes. */
export function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return <Button icon={<DeleteOutlined aria-hidden />} aria-label={label} title={label} onClick={onClick} />;
}
