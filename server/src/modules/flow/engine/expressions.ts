// FEEL expressions of the workflow models (gateway conditions, assignees, candidates), evaluated by
// feelin: an interpreter of its own grammar that only reads the values it is given. Stored text is
// never handed to eval, Function or vm. Besides, what could run long or loop is refused before
// evaluation (iterations, user functions, regular expressions), so a step stays bounded in time.
import { evaluate, parseExpression } from 'feelin';

/** Text that is not a FEEL expression we accept (syntax error or refused construct). */
export class ExpressionError extends Error {
  constructor(
    readonly expression: string,
    readonly reason: string,
  ) {
    super(`${reason}: ${expression}`);
    this.name = 'ExpressionError';
  }
}

/** Longer text is refused: no real condition or assignee needs it, and parsing is linear in it. */
export const MAX_EXPRESSION_LENGTH = 1000;

// Constructs that iterate or recurse (for, some/every, user-defined functions) make time unbounded.
const REFUSED_NODES = new Map([
  ['ForExpression', '"for" loops are not allowed'],
  ['QuantifiedExpression', '"some" / "every" are not allowed'],
  ['FunctionDefinition', 'function definitions are not allowed'],
]);

// Built-ins that compile a regular expression from the text: catastrophic backtracking (ReDoS).
const REFUSED_FUNCTIONS = new Set(['matches', 'replace', 'split']);

const WRAPPED = /^\s*\$\{([\s\S]*)\}\s*$/;

/** The FEEL text inside one optional JUEL-style `${ … }` wrapper. */
export function unwrapExpression(text: string): string {
  const match = WRAPPED.exec(text);
  return match ? (match[1] ?? '') : text;
}

/** True when the whole text is one `${ … }` expression (assignee and candidate entries). */
export function isWrappedExpression(text: string): boolean {
  return WRAPPED.test(text);
}

/** Null when `text` (bare FEEL or `${FEEL}`) parses and uses nothing refused, else a short reason. */
export function checkExpression(text: string): string | null {
  return findProblem(text, {});
}

// FEEL parsing depends on the names in scope (names may contain spaces), so evaluation checks the
// text again with the very scope it is evaluated in.
function findProblem(text: string, scope: Record<string, unknown>): string | null {
  if (text.length > MAX_EXPRESSION_LENGTH) return `longer than ${MAX_EXPRESSION_LENGTH} characters`;
  const feel = unwrapExpression(text);
  if (feel.trim() === '') return 'empty expression';
  let reason: string | null = null;
  try {
    const tree = parseExpression(feel, scope, undefined);
    tree.iterate({
      enter(node) {
        if (reason) return false;
        if (node.type.isError) {
          reason = `syntax error at character ${node.from + 1}`;
          return false;
        }
        const refused = REFUSED_NODES.get(node.type.name);
        if (refused) {
          reason = refused;
          return false;
        }
        if (node.type.name === 'FunctionInvocation') {
          const callee = node.node.firstChild;
          const name = callee ? feel.slice(callee.from, callee.to).replace(/\s+/g, ' ').trim() : '';
          if (REFUSED_FUNCTIONS.has(name)) {
            reason = `function "${name}" is not allowed`;
            return false;
          }
        }
        return undefined;
      },
    });
  } catch (err) {
    return `syntax error (${err instanceof Error ? err.message : String(err)})`;
  }
  return reason;
}

/**
 * Evaluates `text` with FEEL semantics, with nothing in scope but a JSON copy of `variables` (so no
 * function or host object can be reached from the text). Unknown names evaluate to null.
 */
export function evaluateExpression(text: string, variables: Record<string, unknown>): unknown {
  const scope = toJsonScope(variables);
  const reason = findProblem(text, scope);
  if (reason) throw new ExpressionError(text, reason);
  try {
    return evaluate(unwrapExpression(text), scope).value;
  } catch (err) {
    throw new ExpressionError(text, err instanceof Error ? err.message : String(err));
  }
}

/** A condition holds only when it evaluates to exactly `true` (null, "true", 1 do not). */
export function evaluateCondition(text: string, variables: Record<string, unknown>): boolean {
  return evaluateExpression(text, variables) === true;
}

/**
 * Checks an assignee or candidate entry: a literal (user id, `role:manager`) or one whole `${FEEL}`.
 * A literal with `${` inside (a template) is refused: only whole expressions are supported.
 */
export function checkIdentityExpression(text: string): string | null {
  if (isWrappedExpression(text)) return checkExpression(text);
  if (text.includes('${')) return 'only a whole ${…} expression is supported, not a template';
  if (text.length > MAX_EXPRESSION_LENGTH) return `longer than ${MAX_EXPRESSION_LENGTH} characters`;
  return null;
}

/**
 * The identities an assignee or candidate entry stands for: a literal as written, an expression's
 * value as strings (a string, a number, or a list of them; a string holding a comma list is split).
 * Empty and null results give none.
 */
export function evaluateIdentities(text: string, variables: Record<string, unknown>): string[] {
  if (!isWrappedExpression(text)) {
    const literal = text.trim();
    return literal === '' ? [] : [literal];
  }
  const value = evaluateExpression(text, variables);
  const values = Array.isArray(value) ? value : [value];
  const result: string[] = [];
  for (const item of values) {
    if (typeof item === 'number' && Number.isFinite(item)) result.push(String(item));
    if (typeof item === 'string') {
      for (const part of item.split(',')) if (part.trim() !== '') result.push(part.trim());
    }
  }
  return result;
}

// JSON in, JSON out: drops functions, symbols and prototypes a caller might have put in by mistake.
function toJsonScope(variables: Record<string, unknown>): Record<string, unknown> {
  const copy: unknown = JSON.parse(JSON.stringify(variables ?? {}));
  return copy && typeof copy === 'object' && !Array.isArray(copy) ? (copy as Record<string, unknown>) : {};
}
