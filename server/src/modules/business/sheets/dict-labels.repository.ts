// The dictionaries' labels are the core's (core/workbook/dict-labels.repository.ts), shared by every import.
export { dictLabels } from '../../../core/workbook/dict-labels.repository.js';
