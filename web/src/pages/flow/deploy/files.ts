import { FLOW_LIMITS } from '@console/contract/flow';

// What deploy-upload takes (the server checks the same): .bpmn or .xml files, at most
// FLOW_LIMITS.uploadFiles of them, each of at most FLOW_LIMITS.uploadBytes bytes.

export type FileProblem = 'badType' | 'tooLarge' | 'empty';

const PROCESS_FILE = /\.(bpmn|xml)$/i;

/** Why a file cannot be deployed, checked before it is sent; undefined when it can. */
export function fileProblem(file: { name: string; size: number }): FileProblem | undefined {
  if (!PROCESS_FILE.test(file.name)) return 'badType';
  if (file.size > FLOW_LIMITS.uploadBytes) return 'tooLarge';
  if (file.size === 0) return 'empty';
  return undefined;
}

/** A size in bytes in decimal units, as the limit is set: 1000000 → "1 MB", 2500 → "2.5 KB". */
export function formatBytes(bytes: number): string {
  const trim = (value: number) => value.toFixed(1).replace(/\.0$/, '');
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${trim(bytes / 1000)} KB`;
  return `${trim(bytes / 1_000_000)} MB`;
}
