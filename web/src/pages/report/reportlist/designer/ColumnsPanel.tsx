import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_COLUMNS } from '../definition';
import { moveColumn, toggleColumn } from './designer-state';
import { fieldLabel, Panel, type SectionProps } from './Panel';

/** The columns shown (checkboxes, up to MAX_COLUMNS) and their order (moved up and down). */
export function ColumnsPanel({
  definition,
  dataSet,
  edit,
  error,
}: SectionProps & { error: string | undefined }) {
  const { t } = useTranslation();
  const { columns } = definition;
  const labelOf = (key: string) => fieldLabel(dataSet, key);
  return (
    <Panel title={t('report.reportlist.designer.columns')} help={t('report.reportlist.designer.columnsHelp')}>
      <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
        <legend className="report-sr-only">{t('report.reportlist.designer.columns')}</legend>
        <Flex wrap gap={8}>
          {dataSet.fields.map((field) => (
            <Checkbox
              key={field.key}
              checked={columns.includes(field.key)}
              disabled={!columns.includes(field.key) && columns.length >= MAX_COLUMNS}
              onChange={(event) => edit(toggleColumn(field.key, event.target.checked))}
            >
              {field.label}
            </Checkbox>
          ))}
        </Flex>
      </fieldset>
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
      {columns.length > 0 && (
        <>
          <Typography.Text strong style={{ display: 'block', marginTop: 12 }}>
            {t('report.reportlist.designer.columnOrder')}
          </Typography.Text>
          <ol className="report-order" aria-label={t('report.reportlist.designer.columnOrder')}>
            {columns.map((key, at) => (
              <li key={key}>
                <Button
                  size="small"
                  icon={<ArrowUpOutlined aria-hidden />}
                  aria-label={t('report.reportlist.designer.moveUp', { name: labelOf(key) })}
                  title={t('report.reportlist.designer.moveUp', { name: labelOf(key) })}
                  disabled={at === 0}
                  onClick={() => edit(moveColumn(at, at - 1))}
                />
                <Button
                  size="small"
                  icon={<ArrowDownOutlined aria-hidden />}
                  aria-label={t('report.reportlist.designer.moveDown', { name: labelOf(key) })}
                  title={t('report.reportlist.designer.moveDown', { name: labelOf(key) })}
                  disabled={at === columns.length - 1}
                  onClick={() => edit(moveColumn(at, at + 1))}
                />
                <span>{`${at + 1}. ${labelOf(key)}`}</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </Panel>
  );
}
