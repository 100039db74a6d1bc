import { test } from 'vitest';
import { startTestApp } from './support/test-app.js';
test('routes', async () => {
  const t = await startTestApp('sqlite');
  await t.close();
});
