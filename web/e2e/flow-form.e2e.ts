import { describe, expect, it } from 'vitest';
import { openMenu } from './support/console-api.js';
import { consoleSuite } from './support/suite.js';

// 表单设计 (issue 51): the administrator designs a form with a few fields — added from the keyboard,
// labelled, one required, one moved up — sees the live preview follow, saves it, finds it in the
// list and previews it there. The designer fits a 1366×768 screen.
const suite = consoleSuite();

const WIDE = { width: 1366, height: 768 };

describe('form design', () => {
  it('designs a form, saves it, lists it and previews it', async () => {
    const page = await suite.signedInPage(WIDE);
    const forms = await openMenu(page, '流程管理', '表单设计', '/flow/form/index');
    await forms.getByRole('toolbar').getByRole('button', { name: '新增' }).click();
    const designer = page.getByRole('region', { name: '新建表单' });
    await designer.waitFor();

    await designer.getByLabel('表单标识').fill('e2e_expense');
    await designer.getByLabel('表单名称').fill('报销单E2E');

    // A text field, added from the keyboard, then edited: key, Chinese label, required.
    const add = designer.getByRole('button', { name: '添加单行文本字段' });
    await add.focus();
    await page.keyboard.press('Enter');
    const properties = designer.locator('.ant-card').filter({ hasText: '字段属性' });
    await properties.getByLabel('字段标识').fill('title');
    await properties.getByLabel('中文名称').fill('标题');
    await properties.getByLabel('英文名称').fill('Title');
    await properties.getByText('必填', { exact: true }).click();

    // An amount, then a date: the type chosen for the next field, then added.
    for (const [type, label] of [
      ['金额', '金额'],
      ['日期', '日期'],
    ] as const) {
      await designer.getByLabel('新字段的类型').click();
      await page.getByTitle(type, { exact: true }).click();
      await designer.getByRole('button', { name: `添加${type}字段` }).click();
      await properties.getByLabel('中文名称').fill(`${label}字段`);
    }
    // The date goes up, above the amount.
    await designer.getByRole('button', { name: '上移 日期字段' }).click();
    const fields = designer.getByRole('list', { name: '字段' });
    await expect
      .poll(() => fields.getByRole('listitem').allInnerTexts())
      .toEqual([
        expect.stringContaining('标题'),
        expect.stringContaining('日期字段'),
        expect.stringContaining('金额字段'),
      ]);

    // The preview follows: the three fields, in order, two a row.
    const preview = designer.getByRole('region', { name: '预览' });
    await preview.getByLabel('标题').waitFor();
    await preview.getByLabel('日期字段').waitFor();
    await preview.getByLabel('金额字段').waitFor();
    await preview.getByRole('button', { name: '校验预览' }).click();
    await preview.getByText('请填写标题').waitFor();

    // It fits the screen: nothing wider than the window.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDE.width);
    const previewBox = (await preview.boundingBox())!;
    expect(previewBox.x + previewBox.width).toBeLessThanOrEqual(WIDE.width);

    await designer.getByRole('button', { name: '保存' }).click();
    await page.locator('.ant-message-notice').filter({ hasText: '保存成功（版本 1）' }).waitFor();
    await page
      .getByRole('region', { name: '设计表单: 报销单E2E' })
      .getByRole('button', { name: '返回' })
      .click();

    const row = forms.getByRole('row', { name: /报销单E2E/ });
    await row.getByText('草稿').waitFor();
    await row.getByText('e2e_expense').waitFor();
    await row.getByRole('button', { name: '预览', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '预览表单: 报销单E2E v1' });
    await dialog.getByLabel('标题').waitFor();
    await dialog.getByLabel('日期字段').waitFor();
    await dialog.getByLabel('金额字段').waitFor();
    const box = (await dialog.locator('.ant-modal-container, .ant-modal-content').first().boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(WIDE.height);
    await dialog
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /^关\s?闭$/ })
      .click();
    await dialog.waitFor({ state: 'hidden' });

    // In English: the list, then the designer of the saved form, with its labels in English where given.
    await page.getByRole('banner').getByText('English').click();
    const english = page.getByRole('region', { name: 'Form design', exact: true });
    await english
      .getByRole('row', { name: /报销单E2E/ })
      .getByText('Draft')
      .waitFor();
    await english
      .getByRole('row', { name: /报销单E2E/ })
      .getByRole('button', { name: 'Design', exact: true })
      .click();
    const designing = page.getByRole('region', { name: 'Design form: 报销单E2E' });
    await designing.getByRole('region', { name: 'Preview' }).getByLabel('Title').waitFor();
    await designing.getByRole('button', { name: 'Edit Title' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDE.width);
  });
});
