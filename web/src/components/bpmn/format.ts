// What the history table shows, as plain functions (tested without a browser).

/** The words for each unit of a duration, from the texts (`2 分 5 秒`, `2 min 5 s`). */
export interface DurationUnits {
  day: string;
  hour: string;
  minute: string;
  second: string;
}

const UNITS = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1_000],
] as const;

/**
 * A duration in its largest units, zero units left out: `1 天 3 小时 5 秒`, `2 min 5 s`; under a
 * second `0 秒`. Null (the activity is still open) gives ''.
 */
export function formatDuration(milliseconds: number | null | undefined, units: DurationUnits): string {
  if (milliseconds === null || milliseconds === undefined || !Number.isFinite(milliseconds)) return '';
  let rest = Math.max(0, Math.floor(milliseconds));
  const parts: string[] = [];
  for (const [unit, size] of UNITS) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0) parts.push(`${count} ${units[unit]}`);
  }
  return parts.length > 0 ? parts.join(' ') : `0 ${units.second}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A history time as the console writes times, `YYYY-MM-DD HH:mm:ss` in local time. The server sends
 * either that already or an ISO instant; anything else is shown as it came.
 */
export function formatHistoryTime(value: string | null | undefined): string {
  if (!value) return '';
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return value;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** The activity types the texts name; others are shown as they came. */
export const ACTIVITY_TYPES = [
  'startEvent',
  'endEvent',
  'userTask',
  'task',
  'manualTask',
  'exclusiveGateway',
  'parallelGateway',
  'inclusiveGateway',
  'sequenceFlow',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** 'userTask' for 'userTask', 'bpmn:UserTask' or 'UserTask'; undefined for a type without a text. */
export function activityType(type: string): ActivityType | undefined {
  const local = type.slice(type.indexOf(':') + 1);
  const camel = local.charAt(0).toLowerCase() + local.slice(1);
  return ACTIVITY_TYPES.find((known) => known === camel);
}
