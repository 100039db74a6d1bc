/** A business decision or change, written to the usual log (modules/log/usual-events.ts). */
export type { RecordEvent as RecordBusinessEvent } from '../log/usual-events.js';
