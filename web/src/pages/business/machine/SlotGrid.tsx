import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import * as slotApi from '../../../api/business/slot';
import { useSlotCellColors, useSlotStatuses } from '../shared/slot-status';

export interface SlotGridProps {
  /** Given by Form.Item: its label names the grid. */
  id?: string;
  /** The machine viewed; nothing shows before it has loaded. */
  machine: { id: string; machineNo: string } | undefined;
}

/** The slots of a machine as a grid of small cells, each coloured by its state (slot_status). */
export function SlotGrid({ id, machine }: SlotGridProps) {
  const { t } = useTranslation();
  const slots = useQuery({
    queryKey: ['machine', 'slots', machine?.id],
    queryFn: () => slotApi.list({ machineId: machine!.id, size: 200 }),
    enabled: machine !== undefined,
    gcTime: 0, // the states as they are now, each time the machine is viewed
  });
  const { labelOf } = useSlotStatuses();
  const colors = useSlotCellColors();

  if (slots.isError) return <Alert type="error" showIcon title={t('business.machine.slotGrid.loadFailed')} />;
  if (!slots.data) return <Spin style={{ display: 'block', padding: 16 }} />;
  const records = [...slots.data.records].sort((a, b) => a.slotNo - b.slotNo);
  if (records.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('business.machine.slotGrid.empty')} />;

  return (
    <ul
      id={id}
      aria-label={t('business.machine.slotGrid.label', { machineNo: machine?.machineNo ?? '' })}
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(72px, 1fr))',
        gap: 8,
        listStyle: 'none',
        margin: 0,
        padding: 0,
      }}
    >
      {records.map((slot) => {
        const status = labelOf(slot.status);
        const name = t('business.machine.slotGrid.cell', { slotNo: slot.slotNo, status });
        return (
          <li
            key={slot.id}
            aria-label={name}
            title={slot.remark ? `${name} (${slot.remark})` : name}
            style={{
              ...colors(slot.status),
              borderWidth: 1,
              borderStyle: 'solid',
              borderRadius: 6,
              padding: '6px 4px',
              textAlign: 'center',
              lineHeight: 1.4,
            }}
          >
            <div style={{ fontWeight: 600 }}>{slot.slotNo}</div>
            <div style={{ fontSize: 12 }}>{status}</div>
          </li>
        );
      })}
    </ul>
  );
}
