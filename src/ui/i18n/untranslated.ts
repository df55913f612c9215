/**
 * Text a screen shows without going through `t` (scripts/catalogues.test.ts): JSX text with a word in it, a string given to an
 * attribute or property that people read (title, aria-label, placeholder, alt, label…), and a sentence anywhere
 * else ("The passwords do not match"). Not code: class names, `t`'s own keys, imports, `console` and the like.
 */
import ts from 'typescript';

export interface Finding {
  line: number;
  text: string;
}

const WORD = /\p{L}{2,}/u;
const SENTENCE = /\p{Lu}\p{Ll}+[ ,:'’]+\p{L}+/u;
const READ_BY_PEOPLE = /^(title|label|placeholder|alt|aria-label|aria-description|submitLabel|heading|hint|message|text|description|caption|summary|empty|confirm[A-Z]\w*)$/;
const NOT_TEXT = /^(className|class|id|htmlFor|type|role|href|src|target|rel|key|name|autoComplete|inputMode|lang|dir|testId|data-[\w-]+)$/;
const CALLS_NOT_SHOWN = new Set(['t', 'console.log', 'console.error', 'console.warn', 'require', 'import', 'querySelector', 'querySelectorAll', 'getElementById', 'addEventListener', 'call', 'postMessage', 'Error']);

const callee = (node: ts.Node): string | undefined => {
  const parent = node.parent;
  if (!parent || !ts.isCallExpression(parent) && !ts.isNewExpression(parent)) return undefined;
  const expression = parent.expression;
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression)) return ts.isIdentifier(expression.expression) && expression.expression.text === 'console' ? `console.${expression.name.text}` : expression.name.text;
  return undefined;
};

const attributeOf = (node: ts.Node): string | undefined => {
  let at = node.parent;
  while (at && (ts.isJsxExpression(at) || ts.isConditionalExpression(at) || ts.isBinaryExpression(at) || ts.isParenthesizedExpression(at) || ts.isTemplateSpan(at) || ts.isTemplateExpression(at))) at = at.parent;
  if (at && ts.isJsxAttribute(at)) return at.name.getText();
  if (at && ts.isPropertyAssignment(at)) return at.name.getText().replace(/['"]/g, '');
  return undefined;
};

export function untranslatedIn(file: string, source: string): Finding[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const findings: Finding[] = [];
  const flag = (node: ts.Node, text: string) => findings.push({ line: tree.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: text.trim().slice(0, 60) });
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isTypeNode(node)) return;
    if (ts.isJsxText(node) && WORD.test(node.text)) flag(node, node.text);
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      const text = node.text;
      const owner = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node : node.parent.parent ?? node.parent;
      const attribute = attributeOf(owner);
      const called = callee(owner);
      const shown = attribute !== undefined && !NOT_TEXT.test(attribute) && (READ_BY_PEOPLE.test(attribute) ? WORD.test(text) : SENTENCE.test(text));
      if (!(called && CALLS_NOT_SHOWN.has(called)) && !(attribute && NOT_TEXT.test(attribute)) && (shown || (attribute === undefined && SENTENCE.test(text)))) flag(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return findings;
}
