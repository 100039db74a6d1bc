import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const code = (error: unknown) => (error as NodeJS.ErrnoException).code;

/**
 * The text of a file generated once and kept (a key in DATA_DIR), made by `make` when the file does
 * not exist yet, mode 0600. The file appears whole or not at all: it is written under a name of its
 * own beside its place and then linked there, and a link never replaces an existing name. So of two
 * processes starting at once on one DATA_DIR, the second reads the first's complete file. Written
 * in place with 'wx' instead, the second could read it empty or half-written (an empty signing key,
 * or a start that failed on a key file "not an SM2 key file").
 */
export function keptFile(file: string, make: () => string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if (code(error) !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const text = make();
  const draft = `${file}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(draft, text, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, file);
    return text;
  } catch (error) {
    if (code(error) === 'EEXIST') return readFileSync(file, 'utf8');
    // A file system without hard links: create in place, as well as it can be done there.
    if (code(error) !== 'EPERM' && code(error) !== 'ENOTSUP' && code(error) !== 'ENOSYS') throw error;
    try {
      writeFileSync(file, text, { mode: 0o600, flag: 'wx' });
      return text;
    } catch (inPlace) {
      if (code(inPlace) !== 'EEXIST') throw inPlace;
      return readFileSync(file, 'utf8');
    }
  } finally {
    rmSync(draft, { force: true });
  }
}
