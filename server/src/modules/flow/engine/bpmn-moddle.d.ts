// bpmn-moddle ships no types: the little of it the flow engine reads (model.ts).
declare module 'bpmn-moddle' {
  export interface ModdleElement {
    readonly $type: string;
    /** Attributes outside the BPMN schema (extension attributes, xmlns declarations), by qualified name. */
    $attrs?: Record<string, string>;
    $parent?: ModdleElement;
    id?: string;
    name?: string;
    [property: string]: unknown;
  }

  export interface ModdleWarning {
    message: string;
  }

  export interface ModdleContext {
    rootElement: ModdleElement;
    elementsById: Record<string, ModdleElement>;
    references: unknown[];
    warnings: ModdleWarning[];
  }

  /** The name bpmn-engine's declarations import for a parsed document. */
  export type Definitions = ModdleContext;

  export default class BpmnModdle {
    constructor(packages?: Record<string, unknown>, options?: Record<string, unknown>);
    fromXML(xml: string, typeName?: string): Promise<ModdleContext>;
  }
}
