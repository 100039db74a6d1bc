import { Col, Form, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { groupChoices } from '../definition';
import { setGroup } from './designer-state';
import { Panel, type SectionProps } from './Panel';

/** Up to two groupings, a datetime field also by month; the second waits for the first. */
export function GroupingPanel({ definition, dataSet, edit }: SectionProps) {
  const { t } = useTranslation();
  const choices = groupChoices(dataSet);
  const groupOptions = (exclude?: string) =>
    choices
      .filter((choice) => choice.value !== exclude)
      .map((choice) => ({
        value: choice.value,
        label: choice.month
          ? t('report.reportlist.designer.byMonth', { name: choice.field.label })
          : choice.field.label,
      }));
  return (
    <Panel
      title={t('report.reportlist.designer.grouping')}
      help={t('report.reportlist.designer.groupingHelp')}
    >
      <Row gutter={12}>
        {[0, 1].map((level) => (
          <Col key={level} xs={24} sm={12}>
            <Form.Item
              layout="vertical"
              label={t(
                level === 0 ? 'report.reportlist.designer.group1' : 'report.reportlist.designer.group2',
              )}
              htmlFor={`report-design-group-${level}`}
            >
              <Select
                id={`report-design-group-${level}`}
                allowClear
                disabled={level === 1 && definition.groupBy.length === 0}
                value={definition.groupBy[level]}
                placeholder={t('report.reportlist.designer.noGroup')}
                options={groupOptions(definition.groupBy[level === 0 ? 1 : 0])}
                onChange={(value: string | undefined) => edit(setGroup(level, value))}
              />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </Panel>
  );
}
