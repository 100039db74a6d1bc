import { Spin } from 'antd';
import { forwardRef, lazy, Suspense, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { BpmnDesignerHandle, BpmnDesignerProps } from './DesignerCanvas';
import './locales';

// The workflow's BPMN components. bpmn-js (≈ 1 MB of code with its styles and font) is imported only
// by DiagramCanvas and DesignerCanvas, which React.lazy loads when one of these first shows: the
// sign-in page and the other menus never download it.

export { emptyProcessXml } from './empty-process';
export { FlowHistoryTable, type FlowHistoryTableProps } from './FlowHistoryTable';
export {
  ProcessDiagram,
  ProcessDiagramDialog,
  type ProcessDiagramDialogProps,
  type ProcessDiagramProps,
} from './ProcessDiagram';
export type { BpmnDesignerHandle, BpmnDesignerProps };

const DesignerCanvas = lazy(() => import('./DesignerCanvas'));

/**
 * The BPMN designer (bpmn-js Modeler) with its properties panel, loaded on demand; a spinner while
 * it downloads. `ref.current.getXml()` gives the model's XML (it rejects until the designer has
 * loaded).
 */
export const BpmnDesigner = forwardRef<BpmnDesignerHandle, BpmnDesignerProps>(
  function BpmnDesigner(props, ref) {
    const { t } = useTranslation();
    const inner = useRef<BpmnDesignerHandle>(null);
    useImperativeHandle(
      ref,
      () => ({
        getXml: () =>
          inner.current
            ? inner.current.getXml()
            : Promise.reject(new Error('The BPMN designer has not loaded yet')),
      }),
      [],
    );
    return (
      <Suspense
        fallback={
          <Spin style={{ display: 'block', padding: 48 }} description={t('flow.diagram.designer.loading')} />
        }
      >
        <DesignerCanvas ref={inner} {...props} />
      </Suspense>
    );
  },
);
