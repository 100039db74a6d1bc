import { describe, expect, it } from 'vitest';
import { api, chooseInMore, openMenu } from './support/console-api.js';
import { confirmOk } from './support/dialog.js';
import { consoleSuite } from './support/suite.js';
import { buttonName } from './support/sign-in.js';

// 定时任务 (issue 49): the platform administrator adds a job of a handler with a cron expression, the
// form showing the next runs as it is typed (a wrong expression says so), runs it now, and reads its
// run log. A report delivery job run now puts the report's .xlsx into the administrator's messages,
// downloaded from the message.
const suite = consoleSuite();

const WIDE = { width: 1366, height: 768 };

describe('scheduled jobs', () => {
  it('adds a job with a previewed cron, runs it now and shows its run in the log', async () => {
    const page = await suite.signedInPage(WIDE);
    const jobs = await openMenu(page, '系统监控', '定时任务', '/monitor/job/index');
    await jobs.getByRole('button', { name: '新增', exact: true }).click();
    const dialog = page.getByRole('dialog').filter({ has: page.getByLabel('Cron 表达式') });
    await dialog.getByLabel('任务名称').fill('每日清理日志');
    await dialog.getByLabel('处理器').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'log-retention' }).click();

    const cron = dialog.getByLabel('Cron 表达式');
    await cron.fill('0 0 2 * *');
    await dialog.getByText('无法解析这个表达式').waitFor();
    await cron.fill('0 0 2 * * *');
    const preview = dialog.getByRole('status').filter({ hasText: '接下来 5 次' });
    await preview.waitFor();
    expect((await preview.textContent())!.match(/ 02:00:00/g)).toHaveLength(5);
    await dialog.getByRole('button', { name: buttonName('保存') }).click();
    await page.getByText('新增成功').waitFor();

    const row = jobs.getByRole('row', { name: /每日清理日志/ });
    await row.getByText('运行中').waitFor();
    await chooseInMore(page, row, '执行一次');
    await confirmOk(page);
    await page.getByText('已开始执行').waitFor();
    await chooseInMore(page, row, '运行日志');
    const log = page.getByRole('dialog', { name: '运行日志：每日清理日志' });
    const run = log.getByRole('row').filter({ hasText: '手动' });
    await run.getByText('成功').waitFor({ timeout: 15_000 });
    expect(await run.textContent()).toMatch(/api \d+, error \d+, usual \d+, login \d+/);
  });

  it('delivers a report into the owner’s messages, downloaded from the message', async () => {
    const page = await suite.signedInPage(WIDE);
    const reports = await api<{ records: Array<{ id: string; name: string }> }>(
      page,
      '/api/blade-report/report/rest/list?size=20',
    );
    const report = reports.records[0]!;
    await api(page, '/api/blade-system/job/submit', {
      jobName: '每日报表投递',
      handler: 'report-delivery',
      params: JSON.stringify({ reportId: report.id }),
      cron: '0 0 8 * * *',
      timeoutSeconds: 60,
    });
    const jobs = await openMenu(page, '系统监控', '定时任务', '/monitor/job/index');
    const row = jobs.getByRole('row', { name: /每日报表投递/ });
    await chooseInMore(page, row, '执行一次');
    await confirmOk(page);
    await page.getByText('已开始执行').waitFor();

    // The message arrives (pushed to the bell, under 邮件: the system's messages); opened, it offers
    // its file.
    await page.getByRole('button', { name: /^通知，\d+ 条未读$/ }).click();
    await page.getByRole('tab', { name: /^邮件/ }).click();
    await page
      .getByRole('list', { name: '最新邮件' })
      .getByRole('button', { name: new RegExp(`报表：${report.name}`) })
      .click();
    const shown = page.getByRole('dialog').filter({ hasText: `报表：${report.name}` });
    await shown.getByText(/^附件：.+\.xlsx$/).waitFor();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      shown.getByRole('button', { name: '下载附件' }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(new RegExp(`^${report.name}-\\d{12}\\.xlsx$`));
  });
});
