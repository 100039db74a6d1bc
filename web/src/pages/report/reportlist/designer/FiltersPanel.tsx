import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldOf, filterDict, MAX_FILTERS, opsOf, type FilterOp } from '../definition';
import { DictValueSelect } from '../DictValueSelect';
import { addFilter, removeFilter, setFilterDefault, setFilterField, setFilterOp } from './designer-state';
import { EntryList, RemoveButton } from './EntryList';
import { fieldOptions, Panel, type SectionProps } from './Panel';

/**
 * The filters a viewer may set: a filterable field, an operator its type allows, and a default
 * value (chosen from the field's dictionary where it has one and the filter asks for equality).
 */
export function FiltersPanel({ definition, dataSet, edit }: SectionProps) {
  const { t } = useTranslation();
  const filterable = dataSet.fields.filter((field) => field.filterable);
  return (
    <Panel title={t('report.reportlist.designer.filters')} help={t('report.reportlist.designer.filtersHelp')}>
      <EntryList
        entries={definition.filters}
        addText={t('report.reportlist.designer.addFilter')}
        addDisabled={definition.filters.length >= MAX_FILTERS || filterable.length === 0}
        onAdd={() => edit(addFilter(dataSet))}
      >
        {(filter, index, n) => {
          const field = fieldOf(dataSet, filter.field);
          const defaultLabel = t('report.reportlist.designer.filterDefault', { index: n });
          return (
            <>
              <Select
                style={{ width: 160 }}
                aria-label={t('report.reportlist.designer.filterField', { index: n })}
                value={filter.field}
                options={fieldOptions(filterable)}
                onChange={(key: string) => edit(setFilterField(dataSet, index, key))}
              />
              <Select
                style={{ width: 100 }}
                aria-label={t('report.reportlist.designer.filterOp', { index: n })}
                value={filter.op}
                options={opsOf(field).map((op) => ({ value: op, label: t(`report.reportlist.op.${op}`) }))}
                onChange={(op: FilterOp) => edit(setFilterOp(index, op))}
              />
              {field && filterDict(field, filter.op) ? (
                <DictValueSelect
                  style={{ width: 180 }}
                  aria-label={defaultLabel}
                  placeholder={t('report.reportlist.designer.defaultValue')}
                  field={field}
                  value={filter.defaultValue}
                  onChange={(picked) => edit(setFilterDefault(index, picked))}
                />
              ) : (
                <Input
                  style={{ width: 180 }}
                  aria-label={defaultLabel}
                  placeholder={t('report.reportlist.designer.defaultValue')}
                  maxLength={200}
                  value={
                    filter.defaultValue === null || filter.defaultValue === undefined
                      ? ''
                      : String(filter.defaultValue)
                  }
                  onChange={(event) => edit(setFilterDefault(index, event.target.value))}
                />
              )}
              <RemoveButton
                label={t('report.reportlist.designer.removeFilter', { index: n })}
                onClick={() => edit(removeFilter(index))}
              />
            </>
          );
        }}
      </EntryList>
    </Panel>
  );
}
