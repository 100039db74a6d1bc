// The dictionary pages' shared pieces: one implementation for system and business dictionaries
// (they differ by calls and texts, see kinds.ts) and for the two layouts.
export { DictLayout } from './DictLayout';
export { DictPage } from './DictPage';
export { BIZ_DICT, SYSTEM_DICT } from './kinds';
