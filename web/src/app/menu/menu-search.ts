import { leavesOf, type MenuItem } from './routes';

/** Whether `text` starts with `query`, ignoring case (and the query's surrounding spaces). */
export function startsWithIgnoringCase(text: string, query: string, locale?: string): boolean {
  const wanted = query.trim().toLocaleLowerCase(locale);
  return wanted !== '' && text.toLocaleLowerCase(locale).startsWith(wanted);
}

/**
 * The menu search (spec §5): the menus that can be opened whose name starts with the typed text,
 * case-insensitive, in the current language (`label`) or as stored. In menu order.
 */
export function searchMenu(
  items: readonly MenuItem[],
  query: string,
  label: (item: MenuItem) => string,
  locale?: string,
): MenuItem[] {
  if (query.trim() === '') return [];
  return leavesOf(items).filter(
    (item) =>
      startsWithIgnoringCase(label(item), query, locale) || startsWithIgnoringCase(item.name, query, locale),
  );
}
