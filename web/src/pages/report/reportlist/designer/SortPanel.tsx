import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_SORTS } from '../definition';
import { addSort, removeSort, setSort } from './designer-state';
import { EntryList, RemoveButton } from './EntryList';
import { fieldOptions, Panel, type SectionProps } from './Panel';

/** The sort: fields, each ascending or descending, up to MAX_SORTS. */
export function SortPanel({ definition, dataSet, edit }: SectionProps) {
  const { t } = useTranslation();
  return (
    <Panel title={t('report.reportlist.designer.sort')}>
      <EntryList
        entries={definition.sort}
        addText={t('report.reportlist.designer.addSort')}
        addDisabled={definition.sort.length >= MAX_SORTS || dataSet.fields.length === 0}
        onAdd={() => edit(addSort(dataSet))}
      >
        {(sort, index, n) => (
          <>
            <Select
              style={{ width: 180 }}
              aria-label={t('report.reportlist.designer.sortField', { index: n })}
              value={sort.field}
              options={fieldOptions(dataSet.fields)}
              onChange={(field: string) => edit(setSort(index, { field }))}
            />
            <Select
              style={{ width: 110 }}
              aria-label={t('report.reportlist.designer.sortDir', { index: n })}
              value={sort.dir}
              options={[
                { value: 'asc', label: t('report.reportlist.designer.asc') },
                { value: 'desc', label: t('report.reportlist.designer.desc') },
              ]}
              onChange={(dir: 'asc' | 'desc') => edit(setSort(index, { dir }))}
            />
            <RemoveButton
              label={t('report.reportlist.designer.removeSort', { index: n })}
              onClick={() => edit(removeSort(index))}
            />
          </>
        )}
      </EntryList>
    </Panel>
  );
}
