import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { STORED_NAME, type ObjectStorage } from './object-storage.js';

/** Where local files are served from (core of the public link, outside /api). */
export const LOCAL_FILES_PREFIX = '/oss/local';

/** The tenant's files under DATA_DIR/uploads/<tenantId>/, served at /oss/local/<tenantId>/<name>. */
export class LocalStorage implements ObjectStorage {
  readonly domain: string;
  readonly #root: string;

  constructor(uploadsRoot: string, tenantId: string) {
    if (!/^\d{1,12}$/.test(tenantId)) throw new Error('bad tenant id');
    this.#root = path.join(uploadsRoot, tenantId);
    this.domain = `${LOCAL_FILES_PREFIX}/${tenantId}`;
  }

  /** The file of a stored name; only names of the generated form are accepted. */
  static fileOf(uploadsRoot: string, tenantId: string, name: string): string | null {
    if (!/^\d{1,12}$/.test(tenantId) || !STORED_NAME.test(name)) return null;
    const file = path.resolve(uploadsRoot, tenantId, name);
    return file.startsWith(path.resolve(uploadsRoot) + path.sep) ? file : null;
  }

  #file(name: string): string {
    if (!STORED_NAME.test(name)) throw new Error('not a stored name');
    return path.join(this.#root, name);
  }

  async put(name: string, body: Buffer): Promise<void> {
    const file = this.#file(name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body, { flag: 'wx', mode: 0o640 });
  }

  async remove(name: string): Promise<void> {
    await rm(this.#file(name), { force: true });
  }
}
