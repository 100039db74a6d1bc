import { ConfigProvider, Select } from 'antd';
import { memo, useContext, useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import { PAGE_SIZES } from '@console/contract';

interface SizeChangerProps {
  value: number;
  onChange?: (size: number) => void;
  disabled: boolean;
  className?: string;
}

/**
 * The pager's page-size menu (antd Pagination's `components.sizeChanger`), the Select antd would
 * draw, but rendered again only when the size changes, not at every page turn. Once opened, a
 * Select keeps its list mounted, and each render of it measures the options' heights: that forced
 * the browser to lay out the whole page, 200 fresh rows included, in the middle of a page turn
 * (docs/decisions/0008).
 */
export function PageSizeSelect({ value, onChange, disabled, className }: SizeChangerProps) {
  const latest = useRef(onChange);
  useLayoutEffect(() => {
    latest.current = onChange;
  });
  return <SizeMenu value={value} disabled={disabled} className={className} onChange={latest} />;
}

const SizeMenu = memo(function SizeMenu({
  value,
  disabled,
  className,
  onChange,
}: {
  value: number;
  disabled: boolean;
  className?: string;
  onChange: RefObject<((size: number) => void) | undefined>;
}) {
  const { locale, getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const texts = locale?.Pagination;
  const prefix = getPrefixCls('pagination');
  const options = useMemo(
    () => PAGE_SIZES.map((size) => ({ value: size, label: `${size} ${texts?.items_per_page ?? '/ page'}` })),
    [texts],
  );
  return (
    <Select<number>
      disabled={disabled}
      showSearch
      popupMatchSelectWidth={false}
      getPopupContainer={(trigger: HTMLElement) => trigger.parentNode as HTMLElement}
      aria-label={texts?.page_size}
      options={options}
      value={value}
      onChange={(size) => onChange.current?.(size)}
      className={[className, `${prefix}-options-size-changer-select`].filter(Boolean).join(' ')}
    />
  );
});
