// The few Flowable extension attributes the console reads and writes, as a moddle package: with it
// bpmn-js parses `flowable:assignee="…"` into a typed property (not an anonymous attribute), the
// modeler writes it back under the flowable prefix, and the exported XML declares the namespace by
// itself. Models written with the activiti: or camunda: prefixes (the server reads those too) still
// import: their attributes stay in `$attrs` and travel through unchanged. Form properties
// (`<flowable:formProperty>` in a start event's or a user task's extensionElements) are typed too:
// they declare what a start or a task may set (security.md S15), and a type the package did not
// know would be dropped on import and lost at the next save.

export const FLOWABLE_URI = 'http://flowable.org/bpmn';

/** The other extension namespaces whose assignment attributes the server also reads. */
export const OTHER_EXTENSION_URIS = ['http://activiti.org/bpmn', 'http://camunda.org/schema/1.0/bpmn'];

const textAttribute = (name: string) => ({ name, isAttr: true, type: 'String' });

export const flowableModdle = {
  name: 'Flowable',
  prefix: 'flowable',
  uri: FLOWABLE_URI,
  xml: { tagAlias: 'lowerCase' },
  associations: [],
  enumerations: [],
  types: [
    {
      name: 'Assignable',
      isAbstract: true,
      extends: ['bpmn:UserTask'],
      properties: [
        { name: 'assignee', isAttr: true, type: 'String' },
        { name: 'candidateUsers', isAttr: true, type: 'String' },
        { name: 'candidateGroups', isAttr: true, type: 'String' },
        // The designed form the task shows (issue 51); its fields' access are its form properties.
        { name: 'formKey', isAttr: true, type: 'String' },
        // What resubmitting a return to it does (issue 51): direct (straight back) or flow.
        { name: 'returnMode', isAttr: true, type: 'String' },
      ],
    },
    {
      // The process's default return mode, for its tasks that set none.
      name: 'ProcessReturnMode',
      isAbstract: true,
      extends: ['bpmn:Process'],
      properties: [{ name: 'returnMode', isAttr: true, type: 'String' }],
    },
    {
      // A countersign's signers (会签, issue 51): a variable name or a ${FEEL} expression.
      name: 'Collection',
      isAbstract: true,
      extends: ['bpmn:MultiInstanceLoopCharacteristics'],
      properties: [
        { name: 'collection', isAttr: true, type: 'String' },
        { name: 'elementVariable', isAttr: true, type: 'String' },
      ],
    },
    {
      name: 'FormProperty',
      superClass: ['Element'],
      // Text as written (no Boolean parsing): the server reads writable="false" and the rest as is.
      properties: [
        ...['id', 'name', 'type', 'variable', 'expression', 'default', 'datePattern'].map(textAttribute),
        ...['required', 'readable', 'writable'].map(textAttribute),
        { name: 'values', type: 'Value', isMany: true },
      ],
    },
    { name: 'Value', superClass: ['Element'], properties: ['id', 'name'].map(textAttribute) },
    {
      name: 'Initiator',
      isAbstract: true,
      extends: ['bpmn:StartEvent'],
      properties: [
        { name: 'initiator', isAttr: true, type: 'String' },
        { name: 'formKey', isAttr: true, type: 'String' },
      ],
    },
  ],
};

/** The extension attributes the properties panel edits. */
export type FlowableAttribute =
  'assignee' | 'candidateUsers' | 'candidateGroups' | 'initiator' | 'formKey' | 'returnMode';
