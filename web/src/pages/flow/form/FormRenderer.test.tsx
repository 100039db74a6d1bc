import type { FormDefinition } from '@console/contract/flow';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { Button } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dictionary } from '../../../api/system/dict';
import { changeLanguage } from '../../../i18n';
import { buttonName } from '../../../test/dom';
import { renderPageAt, resetPageTest } from '../../../test/page-test-kit';
import { FormRenderer, editableData, formDataOf, rulesOf } from './FormRenderer';

// FormRenderer in jsdom: a definition drawn as an antd form (labels in the language shown, one or
// two columns, the types' controls), its rules as the server's, and the data it hands on.

vi.setConfig({ testTimeout: 60_000 });

vi.mock('../../../api/system/dict', () => ({
  dictionary: vi.fn(() =>
    Promise.resolve([
      { id: '1', parentId: '0', code: 'sex', dictKey: '1', dictValue: '男', sort: 1, remark: null },
      { id: '2', parentId: '0', code: 'sex', dictKey: '2', dictValue: '女', sort: 2, remark: null },
    ]),
  ),
}));
vi.mock('../../../api/system/dict-biz', () => ({ dictionary: vi.fn(() => Promise.resolve([])) }));
vi.mock('../../../api/system/user-list', () => ({ userList: vi.fn(() => Promise.resolve([])) }));
vi.mock('../../../api/system/dept', () => ({ tree: vi.fn(() => Promise.resolve([])) }));

const definition: FormDefinition = {
  layout: 2,
  fields: [
    {
      key: 'title',
      type: 'text',
      label: { zh: '标题', en: 'Title' },
      required: true,
      max: 5,
      pattern: '^[A-Z]',
    },
    { key: 'count', type: 'number', label: { zh: '数量' }, min: 1, max: 3 },
    { key: 'day', type: 'date', label: { zh: '日期', en: 'Day' } },
    { key: 'sex', type: 'dict', label: { zh: '性别', en: 'Sex' }, dict: 'sex' },
    { key: 'note', type: 'textarea', label: { zh: '说明', en: 'Note' } },
  ],
};

async function render(
  onFinish = vi.fn(),
  shown = definition,
  more: Partial<Parameters<typeof FormRenderer>[0]> = {},
) {
  const Page = () => (
    <section aria-label="预览">
      <FormRenderer name="preview" definition={shown} onFinish={onFinish} {...more}>
        <Button htmlType="submit">提交</Button>
      </FormRenderer>
    </section>
  );
  const page = await renderPageAt('/preview', <Page />, { title: '预览' });
  return { page, onFinish };
}

afterEach(async () => {
  await resetPageTest();
});

describe('form renderer', () => {
  it('draws each field with its label, in two columns, long text on a whole row', async () => {
    const { page } = await render();
    expect(within(page).getByLabelText('标题')).toBeTruthy();
    expect(within(page).getByLabelText('数量').getAttribute('role')).toBe('spinbutton');
    expect(within(page).getByLabelText('说明').tagName).toBe('TEXTAREA');
    const column = (key: string) => page.querySelector(`[data-field="${key}"]`)!.className;
    expect(column('title')).toContain('ant-col-12');
    expect(column('note')).toContain('ant-col-24');
    // The dictionary's entries are its choices.
    await waitFor(() => expect(dictionary).toHaveBeenCalledWith('sex'));

    await changeLanguage('en');
    expect(await within(page).findByLabelText('Title')).toBeTruthy();
    // No English label: the Chinese one.
    expect(within(page).getByLabelText('数量')).toBeTruthy();
  });

  it('draws one column when the layout says so', async () => {
    const { page } = await render(vi.fn(), { ...definition, layout: 1 });
    expect(page.querySelector('[data-field="title"]')!.className).toContain('ant-col-24');
  });

  it('checks as the server does, and hands on the data without empty values', async () => {
    const { page, onFinish } = await render();
    fireEvent.click(within(page).getByRole('button', { name: buttonName('提交') }));
    expect(await within(page).findByText('请填写标题')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();

    fireEvent.change(within(page).getByLabelText('标题'), { target: { value: 'abc' } });
    fireEvent.change(within(page).getByLabelText('数量'), { target: { value: '4' } });
    fireEvent.click(within(page).getByRole('button', { name: buttonName('提交') }));
    expect(await within(page).findByText('标题格式不正确')).toBeTruthy();
    expect(await within(page).findByText('数量不能大于 3')).toBeTruthy();

    fireEvent.change(within(page).getByLabelText('标题'), { target: { value: 'Abc' } });
    fireEvent.change(within(page).getByLabelText('数量'), { target: { value: '2' } });
    fireEvent.click(within(page).getByRole('button', { name: buttonName('提交') }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ title: 'Abc', count: 2 }));
  });

  it('draws a process step’s fields by their access: hidden not at all, read-only unchecked and not sent', async () => {
    const { page, onFinish } = await render(vi.fn(), definition, {
      access: { title: 'readonly', count: 'editable', day: 'hidden', sex: 'readonly', note: 'editable' },
      initialValues: { title: 'x', count: 2 },
    });
    expect(page.querySelector('[data-field="day"]')).toBeNull();
    expect(within(page).getByLabelText('标题')).toHaveProperty('disabled', true);
    expect(within(page).getByLabelText('说明')).toHaveProperty('disabled', false);
    // The read-only title breaks its rules (pattern ^[A-Z]): not checked, not sent.
    fireEvent.change(within(page).getByLabelText('说明'), { target: { value: '同意' } });
    fireEvent.click(within(page).getByRole('button', { name: buttonName('提交') }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ count: 2, note: '同意' }));
    expect(editableData({ a: 1, b: 2, c: '' }, { a: 'editable', b: 'readonly', c: 'editable' })).toEqual({
      a: 1,
    });
  });

  it('takes a required number, money or date once filled (the value is not text)', async () => {
    const required: FormDefinition = {
      layout: 1,
      fields: [
        { key: 'count', type: 'number', label: { zh: '数量' }, required: true },
        { key: 'amount', type: 'money', label: { zh: '金额' }, required: true },
      ],
    };
    const { page, onFinish } = await render(vi.fn(), required);
    fireEvent.click(within(page).getByRole('button', { name: buttonName('提交') }));
    expect(await within(page).findByText('请填写数量')).toBeTruthy();
    fireEvent.change(within(page).getByLabelText('数量'), { target: { value: '2' } });
    fireEvent.change(within(page).getByLabelText('金额'), { target: { value: '1280.5' } });
    fireEvent.click(within(page).getByRole('button', { name: buttonName('提交') }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ count: 2, amount: 1280.5 }));
    // A date (a dayjs value) only needs to be there.
    const date = rulesOf(
      { key: 'a', type: 'date', label: { zh: 'A' }, required: true },
      'A',
      ((k: string) => k) as never,
    )[0] as { required: boolean; validator: (rule: unknown, value: unknown) => Promise<void> };
    expect(date.required).toBe(true);
    await expect(date.validator({}, undefined)).rejects.toThrow();
    await expect(date.validator({}, { $y: 2026 })).resolves.toBeUndefined();
    expect(
      rulesOf(
        { key: 'a', type: 'attachment', label: { zh: 'A' }, required: true },
        'A',
        ((k: string) => k) as never,
      )[0],
    ).toMatchObject({ type: 'array' });
  });

  it('makes rules of the bounds by type, and data without empty values', () => {
    const t = ((key: string, options?: Record<string, unknown>) =>
      `${key}:${JSON.stringify(options)}`) as never;
    expect(rulesOf({ key: 'a', type: 'attachment', label: { zh: 'A' }, min: 1, max: 2 }, 'A', t)).toEqual([
      { type: 'array', min: 1, message: expect.stringContaining('minCount') },
      { type: 'array', max: 2, message: expect.stringContaining('maxCount') },
    ]);
    // Text without a max is capped as the server caps it.
    expect(rulesOf({ key: 'a', type: 'text', label: { zh: 'A' } }, 'A', t)).toEqual([
      { type: 'string', max: 500, message: expect.stringContaining('maxLength') },
    ]);
    expect(rulesOf({ key: 'a', type: 'user', label: { zh: 'A' }, required: true }, 'A', t)[0]).toMatchObject({
      required: true,
      message: expect.stringContaining('choose'),
    });
    expect(formDataOf({ a: '', b: null, c: undefined, d: [], e: 0, f: 'x', g: ['1'] })).toEqual({
      e: 0,
      f: 'x',
      g: ['1'],
    });
  });
});
