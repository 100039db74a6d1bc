import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keptFile } from '../../src/core/kept-file.js';

describe('keptFile', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kept-file-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('makes the file once, mode 0600, in a directory it creates, and leaves no draft beside it', () => {
    const dir = path.join(tempDir(), 'data');
    const file = path.join(dir, 'key');
    const make = vi.fn(() => 'first\n');
    expect(keptFile(file, make)).toBe('first\n');
    expect(keptFile(file, () => 'second\n')).toBe('first\n');
    expect(make).toHaveBeenCalledTimes(1);
    expect(readFileSync(file, 'utf8')).toBe('first\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['key']);
  });

  it('never replaces a file that appeared meanwhile: the caller gets the one on disk', () => {
    const dir = tempDir();
    const file = path.join(dir, 'key');
    // Another process creates the file between this one's read and its link.
    const text = keptFile(file, () => {
      writeFileSync(file, 'theirs\n');
      return 'mine\n';
    });
    expect(text).toBe('theirs\n');
    expect(readFileSync(file, 'utf8')).toBe('theirs\n');
    expect(readdirSync(dir)).toEqual(['key']);
  });
});
