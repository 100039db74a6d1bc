import { Cron } from 'croner';

// A job's schedule: cron with seconds (`s m h dom mon dow`), in the server's time zone, read by
// croner (maintained, MIT, no dependencies; seconds, time zones and "next n runs" built in).

/** The schedule of a pattern, or undefined when croner cannot read it. */
export function scheduleOf(pattern: string, timeZone: string): Cron | undefined {
  try {
    // Paused: only asked for times, never running anything itself.
    return new Cron(pattern, { timezone: timeZone, paused: true, mode: '6-part' });
  } catch {
    return undefined;
  }
}

/** The scheduled times after `after` up to and including `until` (at most `max` of them). */
export function timesBetween(schedule: Cron, after: Date, until: Date, max: number): Date[] {
  const times: Date[] = [];
  for (let at = schedule.nextRun(after); at && at <= until && times.length < max; at = schedule.nextRun(at))
    times.push(at);
  return times;
}
