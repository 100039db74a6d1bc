import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// package.json's `engines` is a promise (issue 45 item 16): the Node.js lines it names are the ones
// every installed package supports. npm only warns about a package that wants a newer Node (and
// .npmrc's engine-strict makes that warning an error), so this test reads the lock file: a
// dependency update that drops one of the lines fails here, not on someone's machine.

const root = new URL('../../../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  engines: { node: string };
};
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};

/** The first release of each line the README promises: 20 (this machine's), 22 and 24 (the LTS lines). */
const LINES = ['20.19.0', '22.13.0', '24.0.0'];

describe('the Node.js versions engines promises', () => {
  it('are the LTS lines from their first supported release, and no others', () => {
    const range = manifest.engines.node;
    for (const version of LINES) expect(semver.satisfies(version, range), version).toBe(true);
    for (const version of ['18.20.0', '20.18.0', '21.7.0', '22.12.0', '23.11.0'])
      expect(semver.satisfies(version, range), version).toBe(false);
  });

  it('are supported by every package in the lock file', () => {
    const refused = Object.entries(lock.packages).flatMap(([path, pkg]) => {
      const wanted = !pkg.engines || Array.isArray(pkg.engines) ? undefined : pkg.engines.node;
      if (!wanted) return [];
      return LINES.filter((version) => !semver.satisfies(version, wanted)).map(
        (version) => `${path}@${pkg.version} wants node ${wanted}, not ${version}`,
      );
    });
    expect(refused).toEqual([]);
  });

  it('include the Node.js running the tests', () => {
    expect(semver.satisfies(process.version, manifest.engines.node), process.version).toBe(true);
  });
});
