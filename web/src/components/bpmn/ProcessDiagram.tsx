import { Alert, Button, Empty, Flex, Modal, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { modelView, type DiagramSource } from '../../api/flow/process';
import { BoundFormView } from '../../pages/flow/form/BoundFormView';
import { FlowHistoryTable } from './FlowHistoryTable';
import './locales';

// bpmn-js and its styles are a large download: only a page showing a diagram fetches them.
const DiagramCanvas = lazy(() => import('./DiagramCanvas'));

export interface ProcessDiagramProps {
  source: DiagramSource;
  /** The instance's history table under the diagram (default true; a definition has none). */
  history?: boolean;
  /** The diagram's height (default 420 px). */
  height?: number | string;
}

function DiagramSpinner() {
  const { t } = useTranslation();
  return <Spin style={{ display: 'block', padding: 48 }} description={t('flow.diagram.loading')} />;
}

/**
 * A process's diagram, coloured as its instance went (finished, active, flows taken), and for an
 * instance its history table below. Loads `process/model-view`; a spinner while it comes, a retry
 * when it fails.
 */
export function ProcessDiagram({ source, history = true, height = 420 }: ProcessDiagramProps) {
  const { t } = useTranslation();
  const historyHeading = useId();
  const query = useQuery({
    queryKey: ['flow', 'model-view', source],
    queryFn: () => modelView(source),
  });

  if (query.isPending) return <DiagramSpinner />;
  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('flow.diagram.loadFailed')}
        action={
          // Named by its text: antd spaces two Chinese characters apart in what it shows (重 试).
          <Button
            size="small"
            aria-label={t('flow.diagram.retry')}
            onClick={() => void query.refetch()}
            loading={query.isFetching}
          >
            {t('flow.diagram.retry')}
          </Button>
        }
      />
    );
  }

  const { xml, flow, takenFlows } = query.data;
  return (
    <Flex vertical gap={16}>
      {xml.trim() === '' ? (
        <Empty description={t('flow.diagram.noDiagram')} />
      ) : (
        <Suspense fallback={<DiagramSpinner />}>
          <DiagramCanvas xml={xml} flow={flow} takenFlows={takenFlows} height={height} />
        </Suspense>
      )}
      {history && 'processInstanceId' in source && (
        <BoundFormView processInstanceId={source.processInstanceId} />
      )}
      {history && 'processInstanceId' in source && (
        <section aria-labelledby={historyHeading}>
          <Typography.Title level={5} id={historyHeading}>
            {t('flow.diagram.history.label')}
          </Typography.Title>
          <FlowHistoryTable history={flow} />
        </section>
      )}
    </Flex>
  );
}

export interface ProcessDiagramDialogProps {
  /** What to show; the dialog is open while it is defined. */
  source: DiagramSource | undefined;
  onClose: () => void;
}

/** 流程图展示: the diagram and, for an instance, its history, in a dialog (Esc closes it). */
export function ProcessDiagramDialog({ source, onClose }: ProcessDiagramDialogProps) {
  const { t } = useTranslation();
  // The last source shown stays while the dialog closes, so its content does not vanish mid-animation.
  const [shown, setShown] = useState(source);
  if (source !== undefined && source !== shown) setShown(source);

  return (
    <Modal
      open={source !== undefined}
      title={t('flow.diagram.dialogTitle')}
      width={1000}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button aria-label={t('flow.diagram.close')} onClick={onClose}>
          {t('flow.diagram.close')}
        </Button>
      }
    >
      {shown && <ProcessDiagram source={shown} />}
    </Modal>
  );
}
