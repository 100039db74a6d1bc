import { SLOT_STATUS, type SlotStatus } from '@console/contract/business';
import { useQuery } from '@tanstack/react-query';
import { Tag, theme } from 'antd';
import { dictionary } from '../../../api/system/dict';
import { dictQueryKey, labelIndex, optionsFromDict, type CrudOption } from '../../../crud';
import { useLanguage } from '../../../i18n';

// A slot's state (slot_status), as the machine's slot grid and the slot page show it: the
// dictionary's label in a colour of its own.

/** The tag colour of each state. */
const TAG_COLORS: Record<SlotStatus, string> = {
  [SLOT_STATUS.EMPTY]: 'default',
  [SLOT_STATUS.STOCKED]: 'processing',
  [SLOT_STATUS.IN_USE]: 'success',
  [SLOT_STATUS.FAULT]: 'error',
  [SLOT_STATUS.LOCKED]: 'warning',
};

export const slotTagColor = (status: number): string => TAG_COLORS[status as SlotStatus] ?? 'default';

/** Loads a dictionary through the CRUD kit's query, so a page's columns and this share one call. */
export function useDictOptions(code: string): { options: CrudOption[]; labels: ReadonlyMap<string, string> } {
  const language = useLanguage();
  const { data } = useQuery({
    queryKey: dictQueryKey({ code }, language),
    queryFn: async () => optionsFromDict(await dictionary(code)),
    staleTime: Infinity,
  });
  const options = data ?? [];
  return { options, labels: labelIndex(options) };
}

/** The states of slot_status: choices (numeric keys) and labels by key. */
export function useSlotStatuses() {
  const { options, labels } = useDictOptions('slot_status');
  return {
    options: options.map((option) => ({ value: Number(option.value), label: option.label })),
    labelOf: (status: number) => labels.get(String(status)) ?? String(status),
  };
}

/** A slot's state as a coloured tag. */
export function SlotStatusTag({ status, label }: { status: number; label: string }) {
  return (
    <Tag color={slotTagColor(status)} style={{ marginInlineEnd: 0 }}>
      {label}
    </Tag>
  );
}

/** The background and border of a slot's cell in a grid, from the theme. */
export function useSlotCellColors(): (status: number) => { background: string; borderColor: string } {
  const { token } = theme.useToken();
  return (status) => {
    switch (status) {
      case SLOT_STATUS.STOCKED:
        return { background: token.colorInfoBg, borderColor: token.colorInfoBorder };
      case SLOT_STATUS.IN_USE:
        return { background: token.colorSuccessBg, borderColor: token.colorSuccessBorder };
      case SLOT_STATUS.FAULT:
        return { background: token.colorErrorBg, borderColor: token.colorErrorBorder };
      case SLOT_STATUS.LOCKED:
        return { background: token.colorWarningBg, borderColor: token.colorWarningBorder };
      default:
        return { background: token.colorFillQuaternary, borderColor: token.colorBorderSecondary };
    }
  };
}
