import { ClearOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Input, type FormInstance } from 'antd';
import { lazy, memo, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryParams } from '../api/request';
import { isChoice, searchParamSpecs, searchSpec, searchType } from './columns';
import { fieldControl } from './field-control';
import { searchParams } from './search';
import type { ColumnShape } from './types';
import type { ColumnOptions } from './useColumnOptions';
import { useStableHandler } from './useStableHandler';
import '../i18n/console-texts';

const DateRangeField = lazy(() => import('./DateRangeField'));

export interface CrudSearchProps {
  /** The page's name: the form is `<name>-search`, its fields `<name>-search_<prop>`. */
  name: string;
  /** The form's instance, the page's (which keeps its values when the session ends: useCrudDrafts). */
  form: FormInstance<Record<string, unknown>>;
  columns: readonly ColumnShape[];
  options: ColumnOptions['options'];
  /** The filters the form's values ask for, empty ones left out. */
  onSearch: (filters: QueryParams) => void;
}

/** The search form of the columns marked `search`: Enter or 搜索 searches, 清空 resets. */
export function CrudSearch({ onSearch, ...props }: CrudSearchProps) {
  // The form renders again only when its fields change, not at each page turn or dialog: antd's
  // Form.Item reads the layout while it renders, which made the browser lay out the page (200 rows
  // of it) in the middle of a page turn (docs/decisions/0008). `onSearch` is the latest one given.
  const search = useStableHandler(onSearch);
  return <SearchForm {...props} onSearch={search} />;
}

const SearchForm = memo(function SearchForm({ name, form, columns, options, onSearch }: CrudSearchProps) {
  const { t } = useTranslation();
  const searchable = columns.filter((column) => searchSpec(column) !== undefined);
  if (searchable.length === 0) return null;
  const specs = searchParamSpecs(columns);
  const submitText = t('crud.search.submit');
  const resetText = t('crud.search.reset');

  return (
    <Form
      form={form}
      name={`${name}-search`}
      layout="inline"
      // Stacked, one field a line, on a phone (crud.css).
      className="crud-search"
      aria-label={t('crud.search.form')}
      onFinish={(values) => onSearch(searchParams(values, specs))}
      style={{ rowGap: 12, marginBottom: 16 }}
    >
      {searchable.map((column) => {
        const label = t(column.label);
        if (searchSpec(column)?.range) {
          const fallback = (
            <Form.Item label={label}>
              <Input disabled />
            </Form.Item>
          );
          return (
            <Suspense key={column.prop} fallback={fallback}>
              <Form.Item name={column.prop} label={label}>
                <DateRangeField withTime={searchSpec(column)?.withTime} />
              </Form.Item>
            </Suspense>
          );
        }
        return (
          <Form.Item key={column.prop} name={column.prop} label={label}>
            {fieldControl({
              type: searchType(column),
              options: options.get(column.prop) ?? [],
              label,
              clearable: true,
              width: 200,
              placeholder: t(isChoice(column) ? 'crud.placeholder.choose' : 'crud.placeholder.input', {
                label,
              }),
            })}
          </Form.Item>
        );
      })}
      <Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          icon={<SearchOutlined aria-hidden />}
          aria-label={submitText}
        >
          {submitText}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          icon={<ClearOutlined aria-hidden />}
          aria-label={resetText}
          onClick={() => {
            form.resetFields();
            onSearch({});
          }}
        >
          {resetText}
        </Button>
      </Form.Item>
    </Form>
  );
});
