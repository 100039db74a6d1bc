import type { FlowHistory } from '@console/contract';
import { Alert, Flex, Typography, theme } from 'antd';
import Viewer from 'bpmn-js/lib/Viewer';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './bpmn.css';
import { flowableModdle } from './flowable-moddle';
import './locales';
import { FLOW_MARKER_CLASS, diagramMarkers, type FlowState } from './markers';
import { rendererColours, type CanvasService, type DiagramElement } from './bpmn-types';

export interface DiagramCanvasProps {
  xml: string;
  /** The instance's activities and taken flows (empty for a definition: nothing coloured). */
  flow: readonly FlowHistory[];
  takenFlows: readonly string[];
  height: number | string;
}

interface StateColours {
  stroke: string;
  fill: string;
}

/**
 * The read-only diagram (bpmn-js Viewer), its finished activities, active ones and taken flows
 * coloured. Loaded on demand (React.lazy), with bpmn-js and its styles, by the workflow pages only.
 *
 * The colours go into the diagram's DI (`color:border-color`, `color:background-color`) before
 * bpmn-js draws it: its renderer then draws each coloured element whole (outline, icon, gateway
 * mark, a flow's arrowhead) with no style fighting its inline ones. Canvas markers (`flow-done`,
 * `flow-active`, `flow-taken` on `<g data-element-id>`) carry the state for styles and tests.
 */
export default function DiagramCanvas({ xml, flow, takenFlows, height }: DiagramCanvasProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const host = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<string>();
  const markers = useMemo(() => diagramMarkers(flow, takenFlows), [flow, takenFlows]);

  const colours = useMemo<Record<FlowState, StateColours>>(
    () => ({
      done: { stroke: token.colorSuccess, fill: token.colorSuccessBg },
      active: { stroke: token.colorPrimary, fill: token.colorPrimaryBg },
      taken: { stroke: token.colorWarning, fill: token.colorWarningBg },
    }),
    [token],
  );
  const baseColours = useMemo(() => rendererColours(token), [token]);

  useEffect(() => {
    const container = host.current;
    if (!container) return;
    let live = true;
    const viewer = new Viewer({
      container,
      moddleExtensions: { flowable: flowableModdle },
      bpmnRenderer: baseColours,
    });
    viewer.on('import.parse.complete', ({ definitions }: { definitions?: Definitions }) => {
      for (const diagram of definitions?.diagrams ?? []) {
        for (const di of diagram.plane?.planeElement ?? []) {
          const state = di.bpmnElement?.id ? markers.states.get(di.bpmnElement.id) : undefined;
          if (!state) continue;
          di.set('color:border-color', colours[state].stroke);
          if (state !== 'taken') di.set('color:background-color', colours[state].fill);
        }
      }
    });
    const canvas = viewer.get<CanvasService>('canvas');
    const fit = () => {
      // Hidden (a closing dialog): nothing to fit, and a zero size would make the scale infinite.
      if (container.clientWidth === 0 || container.clientHeight === 0) return;
      canvas.resized();
      canvas.zoom('fit-viewport', 'auto');
    };
    viewer.importXML(xml).then(
      () => {
        if (!live) return;
        setFailure(undefined);
        const registry = viewer.get<{ get(id: string): unknown }>('elementRegistry');
        for (const [id, state] of markers.states) {
          if (registry.get(id)) canvas.addMarker(id, FLOW_MARKER_CLASS[state]);
        }
        // Nothing to do with the keyboard in a picture: the canvas leaves the tab order.
        canvas.getContainer().querySelector('svg')?.setAttribute('tabindex', '-1');
        fit();
      },
      (error: unknown) => {
        if (live) setFailure(error instanceof Error ? error.message : String(error));
      },
    );
    // The dialog opening, a window resized: the whole diagram stays in view.
    const observer = new ResizeObserver(() => fit());
    observer.observe(container);
    return () => {
      live = false;
      observer.disconnect();
      viewer.destroy();
    };
  }, [xml, markers, colours, baseColours]);

  const { doneNames, activeNames } = markers;
  const parts = [
    doneNames.length > 0 &&
      t('flow.diagram.stateDone', { names: doneNames.join(t('flow.diagram.nameSeparator')) }),
    activeNames.length > 0 &&
      t('flow.diagram.stateActive', { names: activeNames.join(t('flow.diagram.nameSeparator')) }),
  ].filter((part): part is string => typeof part === 'string');
  const label =
    parts.length > 0
      ? t('flow.diagram.labelWithState', { state: parts.join(t('flow.diagram.partSeparator')) })
      : t('flow.diagram.label');

  return (
    <Flex vertical gap={8}>
      {failure !== undefined && (
        <Alert type="error" showIcon title={t('flow.diagram.importFailed', { detail: failure })} />
      )}
      <div
        ref={host}
        className="bpmn-diagram"
        role="img"
        aria-label={label}
        style={{
          height,
          background: token.colorBgContainer,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadius,
        }}
      />
      {markers.states.size > 0 && <Legend colours={colours} />}
    </Flex>
  );
}

/** What the colours mean, for those who see them (the diagram's name says it in words). */
function Legend({ colours }: { colours: Record<FlowState, StateColours> }) {
  const { t } = useTranslation();
  const entries = [
    ['done', t('flow.diagram.legendDone')],
    ['active', t('flow.diagram.legendActive')],
    ['taken', t('flow.diagram.legendTaken')],
  ] as const;
  return (
    <Flex gap={16} wrap aria-hidden>
      {entries.map(([state, text]) => (
        <Typography.Text key={state} type="secondary">
          <span
            className={state === 'taken' ? 'bpmn-legend-swatch is-line' : 'bpmn-legend-swatch'}
            style={{
              color: colours[state].stroke,
              background: state === 'taken' ? undefined : colours[state].fill,
            }}
          />
          {text}
        </Typography.Text>
      ))}
    </Flex>
  );
}

/** The little of bpmn-moddle's parsed definitions the colouring walks. */
interface Definitions {
  diagrams?: {
    plane?: { planeElement?: (DiagramElement & { bpmnElement?: { id?: string } })[] };
  }[];
}
