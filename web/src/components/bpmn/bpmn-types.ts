// The little of bpmn-js's moddle objects the console touches. bpmn-js types them as `any`; these
// say what the console relies on.
import type { GlobalToken } from 'antd';

/** A moddle object: a BPMN element or a DI element. */
export interface DiagramElement {
  readonly $type: string;
  /** Attributes outside the known schemas (activiti:…, camunda:…, xmlns:…), by qualified name. */
  readonly $attrs: Record<string, string | undefined>;
  readonly $parent?: DiagramElement;
  id?: string;
  name?: string;
  get(name: string): unknown;
  set(name: string, value: unknown): void;
  $instanceOf(type: string): boolean;
}

/** A shape of the modeler's canvas, with the BPMN element it draws. */
export interface ModelerElement {
  readonly id: string;
  readonly type: string;
  readonly businessObject: DiagramElement;
  readonly labelTarget?: ModelerElement | null;
}

/** bpmn-js's drawing colours from the theme: dark themes draw light on dark. */
export function rendererColours(token: GlobalToken) {
  return {
    defaultFillColor: token.colorBgContainer,
    defaultStrokeColor: token.colorText,
    defaultLabelColor: token.colorText,
  };
}

/** diagram-js's canvas, as the console uses it. */
export interface CanvasService {
  addMarker(elementId: string, marker: string): void;
  /** After the container's size changed. */
  resized(): void;
  getContainer(): HTMLElement;
  /** 'auto': centred (diagram-js's typings say a point, its code takes any truthy value). */
  zoom(scale: 'fit-viewport', center: 'auto'): number;
}
