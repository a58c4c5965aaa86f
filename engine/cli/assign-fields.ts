// The context fields a flow module's assign sets, read from its source: every value it returns is
// an object literal with plain keys (`({ a: 1, b })`, `return { a }` in each branch). Anything else
// (a spread, a computed key, a value made elsewhere) leaves the fields unknown, and the check then
// trusts the machine has any field. Read by `npm run check` only (TypeScript's parser, in Node).
import ts from 'typescript';

/** The fields `assign` returns, or undefined when its source does not tell them all. */
export function assignFields(assign: (...args: never[]) => unknown): string[] | undefined {
  const fn = functionOf(Function.prototype.toString.call(assign));
  if (!fn?.body) return undefined;
  const fields = new Set<string>();
  const returned = (expression: ts.Expression | undefined): boolean => {
    if (!expression) return false;
    const e = skipParens(expression);
    if (ts.isConditionalExpression(e)) return returned(e.whenTrue) && returned(e.whenFalse);
    if (!ts.isObjectLiteralExpression(e)) return false;
    for (const property of e.properties) {
      if ((ts.isPropertyAssignment(property) || ts.isMethodDeclaration(property)) && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))) fields.add(property.name.text);
      else if (ts.isShorthandPropertyAssignment(property)) fields.add(property.name.text);
      else return false;
    }
    return true;
  };
  if (!ts.isBlock(fn.body)) return returned(fn.body as ts.Expression) ? [...fields] : undefined;
  let known = true;
  const visit = (node: ts.Node) => {
    // The returns of functions inside it are theirs, not the assign's.
    if (ts.isFunctionLike(node)) return;
    if (ts.isReturnStatement(node) && !returned(node.expression)) known = false;
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(fn.body, visit);
  return known ? [...fields] : undefined;
}

function skipParens(e: ts.Expression): ts.Expression {
  let current = e;
  while (ts.isParenthesizedExpression(current) || ts.isAsExpression(current) || ts.isSatisfiesExpression(current)) current = current.expression;
  return current;
}

/** The function a source text defines: an arrow or function expression, or an object's method (`name(args) { ... }`). */
function functionOf(source: string): ts.FunctionLikeDeclaration | undefined {
  for (const text of [`(${source})`, `({ ${source} })`]) {
    const file = ts.createSourceFile('assign.ts', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
    if ((file as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics.length > 0) continue;
    const statement = file.statements[0];
    if (!statement || !ts.isExpressionStatement(statement)) continue;
    const e = skipParens(statement.expression);
    if (ts.isArrowFunction(e) || ts.isFunctionExpression(e)) return e;
    if (ts.isObjectLiteralExpression(e) && e.properties.length === 1 && ts.isMethodDeclaration(e.properties[0])) return e.properties[0];
  }
  return undefined;
}
