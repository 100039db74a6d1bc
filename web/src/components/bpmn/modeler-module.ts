// The designer's changes to bpmn-js's own palette, context pad and "change element" menu: only what
// the server's engine runs can be drawn (server/src/modules/flow/engine/model.ts refuses
// intermediate events, sub-processes, data objects, service and script tasks, timers, loops…), and
// a task is a user task from the start, since every step of a console process waits for a person.
// Plus bpmn-js's texts in the console's language.
import type { ModuleDeclaration } from 'didi';
import { MODELER_TEXTS_ZH } from './modeler-texts';

type Entries = Record<string, unknown>;
type EntriesUpdater = (entries: Entries) => Entries;

interface Shape {
  readonly id: string;
}
interface ElementFactory {
  createShape(attributes: { type: string }): Shape;
}
interface Create {
  start(event: Event, shape: Shape, context?: { source: Shape }): void;
}
interface AutoPlace {
  append(source: Shape, shape: Shape): void;
}
interface AppendPreview {
  create(source: Shape, type: string, options?: object): void;
  cleanUp(): void;
}
interface Registrar<P> {
  registerProvider(priority: number, provider: P): void;
}
interface PopupMenu {
  registerProvider(id: string, priority: number, provider: object): void;
}
type Translate = (template: string, replacements?: Record<string, string>) => string;

const USER_TASK = 'bpmn:UserTask';

/** Palette entries for elements the engine refuses. */
const PALETTE_REFUSED = [
  'create.intermediate-event',
  'create.data-object',
  'create.data-store',
  'create.subprocess-expanded',
  'create.participant-expanded',
];

/** Context pad entries for elements the engine refuses. */
const CONTEXT_PAD_REFUSED = [
  'append.intermediate-event',
  'append.receive-task',
  'append.message-intermediate-event',
  'append.timer-intermediate-event',
  'append.condition-intermediate-event',
  'append.signal-intermediate-event',
  'append.compensation-activity',
];

/** The "change element" choices the engine runs. */
const REPLACE_ALLOWED = new Set([
  'replace-with-none-start',
  'replace-with-none-end',
  'replace-with-task',
  'replace-with-user-task',
  'replace-with-manual-task',
  'replace-with-exclusive-gateway',
  'replace-with-parallel-gateway',
  'replace-with-inclusive-gateway',
  'replace-with-sequence-flow',
  'replace-with-default-flow',
  'replace-with-conditional-flow',
]);

function without(entries: Entries, refused: readonly string[]): Entries {
  const kept = { ...entries };
  for (const id of refused) delete kept[id];
  return kept;
}

class ConsoleModelingRules {
  static $inject = [
    'palette',
    'contextPad',
    'popupMenu',
    'elementFactory',
    'create',
    'injector',
    'translate',
  ];

  constructor(
    palette: Registrar<ConsoleModelingRules>,
    contextPad: Registrar<ConsoleModelingRules>,
    popupMenu: PopupMenu,
    private readonly elementFactory: ElementFactory,
    private readonly create: Create,
    injector: { get<T>(name: string, strict: false): T | null },
    private readonly translate: Translate,
  ) {
    this.autoPlace = injector.get<AutoPlace>('autoPlace', false);
    this.appendPreview = injector.get<AppendPreview>('appendPreview', false);
    // After bpmn-js's own providers (priority 1000): their entries are there to change.
    palette.registerProvider(500, this);
    contextPad.registerProvider(500, this);
    popupMenu.registerProvider('bpmn-replace', 500, this);
  }

  private readonly autoPlace: AutoPlace | null;
  private readonly appendPreview: AppendPreview | null;

  getPaletteEntries(): EntriesUpdater {
    return (entries) => {
      const kept = without(entries, PALETTE_REFUSED);
      if ('create.task' in kept) {
        const start = (event: Event) => this.create.start(event, this.userTask());
        kept['create.task'] = {
          group: 'activity',
          className: 'bpmn-icon-user-task',
          title: this.translate('Create user task'),
          action: { dragstart: start, click: start },
        };
      }
      return kept;
    };
  }

  getContextPadEntries(): EntriesUpdater {
    return (entries) => {
      const kept = without(entries, CONTEXT_PAD_REFUSED);
      if ('append.append-task' in kept) {
        const dragstart = (event: Event, source: Shape) =>
          this.create.start(event, this.userTask(), { source });
        kept['append.append-task'] = {
          group: 'model',
          className: 'bpmn-icon-user-task',
          title: this.translate('Append user task'),
          action: {
            dragstart,
            click: (event: Event, source: Shape) =>
              this.autoPlace ? this.autoPlace.append(source, this.userTask()) : dragstart(event, source),
            hover: this.appendPreview
              ? (_: Event, source: Shape) => {
                  this.appendPreview?.create(source, USER_TASK);
                  return () => this.appendPreview?.cleanUp();
                }
              : undefined,
          },
        };
      }
      return kept;
    };
  }

  getPopupMenuEntries(): EntriesUpdater {
    return (entries) => Object.fromEntries(Object.entries(entries).filter(([id]) => REPLACE_ALLOWED.has(id)));
  }

  /** Loop and multi-instance toggles: the engine runs none. */
  getPopupMenuHeaderEntries(): EntriesUpdater {
    return () => ({});
  }

  private userTask(): Shape {
    return this.elementFactory.createShape({ type: USER_TASK });
  }
}

/** bpmn-js's texts in Chinese when the console speaks it; its own English otherwise. */
export function modelerTranslate(language: string): Translate {
  return (template, replacements = {}) => {
    const text = (language === 'zh' ? MODELER_TEXTS_ZH[template] : undefined) ?? template;
    return text.replace(/{([^}]+)}/g, (whole, key: string) => replacements[key] ?? whole);
  };
}

/** The module to add to the Modeler (`additionalModules`). */
export function consoleModelerModule(language: string): ModuleDeclaration {
  return {
    __init__: ['consoleModelingRules'],
    consoleModelingRules: ['type', ConsoleModelingRules],
    translate: ['value', modelerTranslate(language)],
  };
}
