import ts from 'typescript';

// How TypeScript reads a generated file (issue 44, item 3): whether it parses, which statements it
// has at the top, and which identifiers and string values are in it. A text the generator wrote as
// a comment or a string shows up in neither the statements nor the identifiers.

export interface ReadSource {
  /** The parser's errors (none for a file that parses). */
  syntaxErrors: string[];
  /** The kinds of the top-level statements, in order. */
  statements: string[];
  /** Every identifier of the file, wherever it stands. */
  identifiers: Set<string>;
  /** The values of the file's string literals (and templates without substitutions). */
  strings: string[];
}

export function readSource(file: { path: string; content: string }): ReadSource {
  const kind = file.path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file.path, file.content, ts.ScriptTarget.Latest, true, kind);
  const { diagnostics = [] } = ts.transpileModule(file.content, {
    fileName: file.path,
    reportDiagnostics: true,
    compilerOptions: { jsx: ts.JsxEmit.Preserve },
  });
  const identifiers = new Set<string>();
  const strings: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) identifiers.add(node.text);
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) strings.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return {
    syntaxErrors: diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
    statements: source.statements.map((statement) => ts.SyntaxKind[statement.kind]),
    identifiers,
    strings,
  };
}
