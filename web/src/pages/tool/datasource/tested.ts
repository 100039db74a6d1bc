import type { DatasourceTestInput } from '@console/contract';

// Which connection settings the dialog's last tests connected with: saving settings that were not
// tested, or whose last test failed, tests them first and asks before saving a failing one.

/** The settings a connection depends on (a stored source's id stands for its stored password). */
const settingsOf = (input: DatasourceTestInput) =>
  JSON.stringify([
    input.id ?? null,
    input.kind ?? null,
    input.host ?? null,
    input.port ?? null,
    input.database ?? null,
    input.username ?? null,
    input.password ?? null,
    input.options ?? null,
  ]);

/** The outcome of the last test of each set of settings tried on the page. */
export class TestedSettings {
  readonly #connected = new Map<string, boolean>();

  record(input: DatasourceTestInput, connected: boolean): void {
    this.#connected.set(settingsOf(input), connected);
  }

  /** Whether the last test of exactly these settings connected. */
  passed(input: DatasourceTestInput): boolean {
    return this.#connected.get(settingsOf(input)) === true;
  }
}
