import ts from 'typescript';
import type { Plugin } from 'vite';

const CONTRACTS = /[\\/]packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/;

/** The identifier a chain of calls and property reads starts from: `z` in `z.string().max(3)`. */
function chainRoot(node: ts.Expression): ts.Expression {
  let current = node;
  for (;;) {
    if (ts.isCallExpression(current) || ts.isPropertyAccessExpression(current) || ts.isElementAccessExpression(current)) current = current.expression;
    else if (ts.isAsExpression(current) || ts.isSatisfiesExpression(current) || ts.isParenthesizedExpression(current) || ts.isNonNullExpression(current))
      current = current.expression;
    else return current;
  }
}

/** Functions of contracts that only wrap a schema in another (api.ts): `dataEnvelope(ZThing)`. */
const SCHEMA_HELPERS = new Set(['dataEnvelope']);

/** A zod schema built from `z`, from another schema (named `Z…`, the contracts' convention) or by a schema helper. */
function isSchemaBuild(init: ts.Expression): boolean {
  const root = chainRoot(init);
  return root !== init && ts.isIdentifier(root) && (root.text === 'z' || /^Z[A-Z]/.test(root.text) || SCHEMA_HELPERS.has(root.text));
}

/**
 * Wraps every module-level schema declaration of a contracts file in a pure call:
 * `export const ZCase = z.object({…}).extend({…})` becomes `… = /* @__PURE__ *\/ (() => (z.object(…)…))()`.
 * Building a schema has no effect outside itself, but a bundler cannot know it, and a pure annotation
 * on a chain only covers its first call. Wrapped, a screen that imports a contract for its constants or
 * messages drops the unused schemas — and zod with them, from the start-up bundle.
 */
export function markSchemasPure(code: string, fileName = 'contracts.ts'): string {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const edits: { start: number; end: number }[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (declaration.initializer && isSchemaBuild(declaration.initializer))
        edits.push({ start: declaration.initializer.getStart(source), end: declaration.initializer.getEnd() });
    }
  }
  let out = code;
  for (const { start, end } of edits.reverse()) out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
  return out;
}

/** Vite plugin: the contracts' module-level schemas are pure (see markSchemasPure). */
export function pureSchemasPlugin(): Plugin {
  return {
    name: 'mutua:pure-schemas',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!CONTRACTS.test(id.split('?')[0]!)) return null;
      const marked = markSchemasPure(code, id);
      return marked === code ? null : { code: marked, map: null };
    },
  };
}
