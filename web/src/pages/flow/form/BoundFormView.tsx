import type { FlowBoundForm } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Spin, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formData } from '../../../api/flow/process';
import { FormRenderer } from './FormRenderer';
import './locales';

/** The query of an instance's form data as the user sees it (null: its process has no form). */
export function useBoundForm(processInstanceId: string, taskId?: string) {
  return useQuery<FlowBoundForm | null>({
    queryKey: ['flow', 'form-data', processInstanceId, taskId ?? null],
    queryFn: () => formData(processInstanceId, taskId),
    gcTime: 0,
  });
}

/**
 * A process's form data, read-only (issue 51): what its detail shows the initiator, a copied user,
 * the process administrator, or a participant through their task's form (its hidden fields are not
 * sent at all). Nothing when the process has no form.
 */
export function BoundFormView({ processInstanceId }: { processInstanceId: string }) {
  const { t } = useTranslation();
  const heading = useId();
  const query = useBoundForm(processInstanceId);
  if (query.isPending) return <Spin />;
  if (query.isError) return <Alert type="error" showIcon title={t('flow.form.bound.loadFailed')} />;
  const form = query.data;
  if (!form) return null;
  return (
    <section aria-labelledby={heading}>
      <Typography.Title level={5} id={heading}>
        {t('flow.form.bound.title')}
      </Typography.Title>
      <FormRenderer
        name={`process-form-${processInstanceId}`}
        definition={form.definition}
        initialValues={form.data}
        access={form.access}
        disabled
      />
    </section>
  );
}
