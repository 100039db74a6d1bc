import type { ReportDataSet, ReportDefinition } from '@console/contract';
import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { fieldOf } from '../definition';
import type { DefinitionEdit } from './designer-state';

/** What each of the designer's sections gets: the definition, its data set, and a way to change it. */
export interface SectionProps {
  definition: ReportDefinition;
  dataSet: ReportDataSet;
  edit: (edit: DefinitionEdit) => void;
}

/** One section of the designer: a card whose title is a heading, with an optional hint. */
export function Panel({ title, help, children }: { title: string; help?: string; children: ReactNode }) {
  return (
    <Card
      size="small"
      title={
        <span role="heading" aria-level={3}>
          {title}
        </span>
      }
      style={{ marginBottom: 12 }}
    >
      {help && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
          {help}
        </Typography.Paragraph>
      )}
      {children}
    </Card>
  );
}

/** A data set's fields as a select's options. */
export const fieldOptions = (fields: readonly { key: string; label: string }[]) =>
  fields.map((field) => ({ value: field.key, label: field.label }));

/** A field's label by its key (a grouping's `key:month` by its field's); the key when unknown. */
export const fieldLabel = (dataSet: ReportDataSet | undefined, key: string) =>
  fieldOf(dataSet, key)?.label ?? key;
