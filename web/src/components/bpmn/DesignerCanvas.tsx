import { Alert, Flex, theme } from 'antd';
import Modeler from 'bpmn-js/lib/Modeler';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import {
  forwardRef,
  useEffect,
  useEffectEvent,
  useImperativeHandle,
  useState,
  type ForwardedRef,
} from 'react';
import { useTranslation } from 'react-i18next';
import './bpmn.css';
import { rendererColours, type CanvasService, type ModelerElement } from './bpmn-types';
import { isProcessKey } from './element-properties';
import { emptyProcessXml } from './empty-process';
import { flowableModdle } from './flowable-moddle';
import './locales';
import { consoleModelerModule } from './modeler-module';
import { PropertiesPanel } from './PropertiesPanel';

export interface BpmnDesignerProps {
  /** The model's BPMN XML; undefined for a new process (a start event only). */
  xml: string | undefined;
  /** The process id the server requires (the model key): the process follows it, read-only here. */
  processKey?: string;
  /** The process name (the model name): the process follows it, read-only here. */
  processName?: string;
  /** The designer's height (default 600 px). */
  height?: number | string;
}

export interface BpmnDesignerHandle {
  /** The model as BPMN 2.0 XML, formatted, assignees under the flowable namespace. */
  getXml(): Promise<string>;
}

/** The key of a new process whose page gives none yet (or one that is not an XML name). */
const PLACEHOLDER_KEY = 'Process_1';

interface CommandStack {
  clear(): void;
}
interface Modeling {
  updateProperties(element: ModelerElement, properties: Record<string, unknown>): void;
}

/**
 * Makes the process's id and name those the page gives (the model form's key and name), when they
 * are usable: an id must be an XML name that no other element has.
 */
function followPage(modeler: Modeler, processKey: string | undefined, processName: string | undefined) {
  const root = modeler.get<{ getRootElement(): ModelerElement }>('canvas').getRootElement();
  const process = root.businessObject;
  if (!process.$instanceOf('bpmn:Process')) return;
  const update: Record<string, unknown> = {};
  if (
    processKey !== undefined &&
    processKey !== process.id &&
    isProcessKey(processKey) &&
    modeler.get<{ get(id: string): unknown }>('elementRegistry').get(processKey) === undefined
  )
    update.id = processKey;
  if (processName !== undefined && processName !== (process.name ?? ''))
    update.name = processName === '' ? undefined : processName;
  if (Object.keys(update).length > 0) modeler.get<Modeling>('modeling').updateProperties(root, update);
}

/**
 * The BPMN designer (bpmn-js Modeler: its palette, context pad and keyboard on the canvas) with a
 * properties panel on the right. Loaded on demand (React.lazy), with bpmn-js and its styles, by
 * the workflow pages only.
 */
function DesignerCanvas(
  { xml, processKey, processName, height = 600 }: BpmnDesignerProps,
  ref: ForwardedRef<BpmnDesignerHandle>,
) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const [modeler, setModeler] = useState<Modeler>();
  const [failure, setFailure] = useState<string>();
  const [imported, setImported] = useState(0);

  // Created once per container: the drawing lives in it. Its palette texts and colours are those
  // of the moment it is created (bpmn-js draws its palette once).
  const createModeler = useEffectEvent((container: HTMLDivElement) => {
    const created = new Modeler({
      container,
      moddleExtensions: { flowable: flowableModdle },
      additionalModules: [consoleModelerModule(i18n.language)],
      bpmnRenderer: rendererColours(token),
    });
    const svg = container.querySelector('svg');
    svg?.setAttribute('aria-label', t('flow.diagram.designer.canvas'));
    svg?.setAttribute('role', 'application');
    return created;
  });
  useEffect(() => {
    if (!host) return;
    const created = createModeler(host);
    setModeler(created);
    // The page fits the designer to the window: bpmn-js measures its container only when told.
    const observer = new ResizeObserver(() => {
      if (host.clientWidth > 0 && host.clientHeight > 0) created.get<CanvasService>('canvas').resized();
    });
    observer.observe(host);
    return () => {
      observer.disconnect();
      setModeler(undefined);
      created.destroy();
    };
  }, [host]);

  const load = useEffectEvent(
    async (target: Modeler, source: string | undefined, isCurrent: () => boolean) => {
      const key = processKey !== undefined && isProcessKey(processKey) ? processKey : PLACEHOLDER_KEY;
      try {
        await target.importXML(source ?? emptyProcessXml(key, processName ?? ''));
      } catch (error) {
        if (isCurrent()) setFailure(error instanceof Error ? error.message : String(error));
        return;
      }
      if (!isCurrent()) return;
      setFailure(undefined);
      followPage(target, processKey, processName);
      // Loading is not a step to undo.
      target.get<CommandStack>('commandStack').clear();
      target.get<CanvasService>('canvas').zoom('fit-viewport', 'auto');
      setImported((n) => n + 1);
    },
  );
  useEffect(() => {
    if (!modeler) return;
    let current = true;
    void load(modeler, xml, () => current);
    return () => {
      current = false;
    };
  }, [modeler, xml]);

  // The page's key and name changed (typed in its form): the process follows.
  useEffect(() => {
    if (modeler && imported > 0) followPage(modeler, processKey, processName);
  }, [modeler, imported, processKey, processName]);

  useImperativeHandle(
    ref,
    () => ({
      async getXml() {
        if (!modeler || imported === 0) throw new Error('The BPMN designer has not loaded yet');
        const { xml: saved } = await modeler.saveXML({ format: true });
        if (saved === undefined) throw new Error('The BPMN designer produced no XML');
        return saved;
      },
    }),
    [modeler, imported],
  );

  return (
    <Flex vertical gap={8}>
      {failure !== undefined && (
        <Alert type="error" showIcon title={t('flow.diagram.importFailed', { detail: failure })} />
      )}
      <Flex
        role="group"
        aria-label={t('flow.diagram.designer.label')}
        style={{
          height,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadius,
          overflow: 'hidden',
          background: token.colorBgContainer,
        }}
      >
        <div ref={setHost} className="bpmn-designer-canvas" style={{ flex: 1, minWidth: 0 }} />
        <aside
          aria-label={t('flow.diagram.designer.properties')}
          style={{
            width: 320,
            flex: 'none',
            overflow: 'auto',
            padding: token.paddingSM,
            borderInlineStart: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          {modeler && imported > 0 && (
            <PropertiesPanel
              key={imported}
              modeler={modeler}
              keyFixed={processKey !== undefined}
              nameFixed={processName !== undefined}
            />
          )}
        </aside>
      </Flex>
    </Flex>
  );
}

export default forwardRef(DesignerCanvas);
