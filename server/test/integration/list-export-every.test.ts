import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enginesUnderTest } from './support/databases.js';
import { SABER_BASIC, startTestApp, type TestApp } from './support/test-app.js';

// Every list's 导出 (issue 52, decision 0045) answers a workbook: each export route the server
// registers, asked by the platform administrator with no columns (every field of its list), answers
// an .xlsx whose header row is the list's fields. A list wired to the export with a wrong entity or a
// list call that fails shows here, whichever page it is; list-export.test.ts tests the mechanism.

/** Exports that need more than the list's filters: what each is given (its page always sends it). */
const NEEDS: Readonly<Record<string, string>> = {
  // One machine's slots: the slot page exports the machine it shows.
  '/api/zxgxg-api/slot/export': 'machineNo=EVERY-EXPORT-M1',
};

/** Exports that are not a list's (a report's run, the login log's fixed columns): tested elsewhere. */
const NOT_LISTS = new Set(['/api/blade-report/report/export', '/api/blade-log/login/export']);

describe.each(enginesUnderTest())('every list export on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers each list’s rows as a workbook with the list’s fields as its header', async () => {
    const exports = t.app.routeRules
      .filter((rule) => rule.method === 'GET' && /[/-]export$/.test(rule.url) && !NOT_LISTS.has(rule.url))
      .map((rule) => rule.url);
    // The lists of the system, authority, resource, log, business and workflow areas.
    expect(exports.length).toBeGreaterThan(35);
    // The region tree's and the message center's too (their routes are not the kit's).
    expect(exports).toEqual(
      expect.arrayContaining(['/api/blade-system/region/export', '/api/blade-desk/message/export']),
    );
    const failed: string[] = [];
    for (const url of exports) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${url}?${NEEDS[url] ?? ''}`,
        headers: { authorization: SABER_BASIC, 'blade-auth': `bearer ${t.adminToken}` },
      });
      if (res.statusCode !== 200 || !String(res.headers['content-type']).includes('spreadsheetml')) {
        failed.push(`${url}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        continue;
      }
      const [header] = (await readSheet(res.rawPayload)) as unknown[][];
      if (!header || header.length === 0) failed.push(`${url}: no header row`);
    }
    expect(failed).toEqual([]);
  });
});
