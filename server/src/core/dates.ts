// Wire dates are 'YYYY-MM-DD HH:mm:ss' in the configured time zone (contract.md). The database
// stores instants (UTC), so conversion happens only here, at the edge.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

interface Fields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function fieldsIn(instant: Date, timeZone: string): Fields {
  const out: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') out[part.type] = Number(part.value);
  }
  return out as unknown as Fields;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** '00' to '99': the two-digit fields of a date without a string built per field. */
const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => pad(n));

// Formatting through Intl costs more than the rest of a list row together, so the zone's offset is
// looked up once per quarter hour (offsets change only on such boundaries) and the fields computed.
const QUARTER_HOUR_MS = 900_000;
/** Per zone, the offset of each quarter hour looked up (numeric keys: no string built per date). */
const offsetCache = new Map<string, Map<number, number>>();

function cachedOffset(ms: number, timeZone: string): number {
  let ofZone = offsetCache.get(timeZone);
  if (ofZone === undefined) offsetCache.set(timeZone, (ofZone = new Map()));
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  let offset = ofZone.get(quarter);
  if (offset === undefined) {
    if (ofZone.size > 50_000) ofZone.clear();
    offset = offsetAt(new Date(quarter * QUARTER_HOUR_MS), timeZone);
    ofZone.set(quarter, offset);
  }
  return offset;
}

export function formatDateTime(instant: Date, timeZone: string): string {
  const ms = instant.getTime();
  const wall = new Date(ms + cachedOffset(ms, timeZone));
  const year = wall.getUTCFullYear();
  return (
    `${year >= 1000 && year <= 9999 ? year : pad(year, 4)}-${TWO_DIGITS[wall.getUTCMonth() + 1]}-` +
    `${TWO_DIGITS[wall.getUTCDate()]} ${TWO_DIGITS[wall.getUTCHours()]}:` +
    `${TWO_DIGITS[wall.getUTCMinutes()]}:${TWO_DIGITS[wall.getUTCSeconds()]}`
  );
}

/** Offset of the zone from UTC at that instant, in milliseconds. */
function offsetAt(instant: Date, timeZone: string): number {
  const f = fieldsIn(instant, timeZone);
  const wall = new Date(0);
  wall.setUTCFullYear(f.year, f.month - 1, f.day);
  wall.setUTCHours(f.hour, f.minute, f.second, 0);
  const asUtc = wall.getTime();
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

const WIRE_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * Parses 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm' or 'YYYY-MM-DD HH:mm:ss' as a wall-clock time in the
 * zone. Returns null for anything else, including impossible dates such as 2024-02-30.
 */
export function parseDateTime(text: string, timeZone: string): { instant: Date; dateOnly: boolean } | null {
  const m = WIRE_DATE.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m
    .slice(1)
    .map((s) => (s === undefined ? 0 : Number(s)));
  if (month! < 1 || month! > 12 || day! < 1 || hour > 23 || minute > 59 || second > 59) return null;
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999.
  const at = new Date(0);
  at.setUTCFullYear(year!, month! - 1, day!);
  at.setUTCHours(hour, minute, second, 0);
  const wall = at.getTime();
  const check = new Date(wall);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month! - 1) return null;
  // Two passes settle the offset across a daylight-saving change.
  let instant = wall - offsetAt(new Date(wall), timeZone);
  instant = wall - offsetAt(new Date(instant), timeZone);
  return { instant: new Date(instant), dateOnly: m[4] === undefined };
}
