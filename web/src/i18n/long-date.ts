import type { Language } from './index';

// A date written out in full, as Intl.DateTimeFormat's `dateStyle: 'full'` writes it for zh-CN and
// en-US. Written by hand because a page's first Intl.DateTimeFormat loads the browser's locale data:
// ≈ 100 ms on this machine's Chromium, on the home page's first render after sign-in.

const ZH_WEEKDAYS = '日一二三四五六';
const EN_WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const EN_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "2026年11月22日星期日" or "Sunday, November 22, 2026" (the date in local time). */
export function formatLongDate(date: Date, language: Language): string {
  const year = date.getFullYear();
  const month = date.getMonth();
  const day = date.getDate();
  const weekday = date.getDay();
  return language === 'zh'
    ? `${year}年${month + 1}月${day}日星期${ZH_WEEKDAYS[weekday]}`
    : `${EN_WEEKDAYS[weekday]}, ${EN_MONTHS[month]} ${day}, ${year}`;
}
