import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { AGGREGATE_FNS, aggregateFields, MAX_AGGREGATES, type AggregateFn } from '../definition';
import { addAggregate, removeAggregate, setAggregateField, setAggregateFn } from './designer-state';
import { EntryList, RemoveButton } from './EntryList';
import { fieldOptions, Panel, type SectionProps } from './Panel';

/** The aggregates: a function (count, sum, …) of a field each, up to MAX_AGGREGATES. */
export function AggregatesPanel({ definition, dataSet, edit }: SectionProps) {
  const { t } = useTranslation();
  return (
    <Panel title={t('report.reportlist.designer.aggregates')}>
      <EntryList
        entries={definition.aggregates}
        addText={t('report.reportlist.designer.addAggregate')}
        addDisabled={definition.aggregates.length >= MAX_AGGREGATES || dataSet.fields.length === 0}
        onAdd={() => edit(addAggregate(dataSet))}
      >
        {(aggregate, index, n) => (
          <>
            <Select
              style={{ width: 120 }}
              aria-label={t('report.reportlist.designer.aggregateFn', { index: n })}
              value={aggregate.fn}
              options={AGGREGATE_FNS.map((fn) => ({
                value: fn,
                label: t(`report.reportlist.fn.${fn}`),
                disabled: aggregateFields(dataSet, fn).length === 0,
              }))}
              onChange={(fn: AggregateFn) => edit(setAggregateFn(dataSet, index, fn))}
            />
            <Select
              style={{ width: 180 }}
              aria-label={t('report.reportlist.designer.aggregateField', { index: n })}
              value={aggregate.field}
              options={fieldOptions(aggregateFields(dataSet, aggregate.fn))}
              onChange={(field: string) => edit(setAggregateField(index, field))}
            />
            <RemoveButton
              label={t('report.reportlist.designer.removeAggregate', { index: n })}
              onClick={() => edit(removeAggregate(index))}
            />
          </>
        )}
      </EntryList>
    </Panel>
  );
}
