/**
 * An amount in cents (the wire's integers) as yuan with two decimals: 1234 → ¥12.34, 123456789 →
 * ¥1,234,567.89. Counted in whole cents, never through a fractional float. Empty for no amount.
 */
export function formatYuan(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '';
  const whole = Math.round(Math.abs(cents));
  // Grouped by hand: a first Intl formatter loads the browser's locale data (the home page shows these).
  const yuan = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fen = String(whole % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}¥${yuan}.${fen}`;
}
