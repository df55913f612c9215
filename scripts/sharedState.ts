/**
 * State that the worker's scripts would each keep a copy of: background.js and the scripts it loads later are built
 * as separate bundles (bundle.ts WORKER_SCRIPTS), so a module two of them import runs twice, each copy with its own
 * module-level variables. A lock, a queue or an in-flight map kept there would be two (batches/nonceLock.ts was); state
 * the scripts share lives on the global scope under a `Symbol.for` key, as browser/classicScript.ts keeps its loads.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import ts from 'typescript';
import { build, type Plugin } from 'vite';
import { WORKER_SCRIPTS, backgroundDefine } from './bundle';

const root = resolve(import.meta.dirname, '..');

/** Per module (its path from the repository's root, node_modules' from there), its code as each worker script carries it. */
export async function modulesByScript(): Promise<Map<string, Map<string, string>>> {
  const scripts = new Map<string, Map<string, string>>();
  for (const [file, entry] of WORKER_SCRIPTS) {
    const carried: Plugin = {
      name: 'carried-modules',
      generateBundle(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          // Only modules with code left after tree-shaking: one whose state was shaken off is no copy of it.
          for (const [id, module] of Object.entries(chunk.modules)) {
            if (id.includes('\0') || !module.code) continue;
            const path = relative(root, id).replace(/^.*node_modules\//, 'node_modules/');
            scripts.set(path, (scripts.get(path) ?? new Map<string, string>()).set(file, module.code));
          }
        }
      },
    };
    await build({
      configFile: false,
      logLevel: 'silent',
      define: backgroundDefine(true),
      plugins: [carried],
      build: { write: false, minify: false, target: 'es2022', lib: { entry: resolve(root, entry), formats: ['iife'], name: 'script' } },
    });
  }
  return scripts;
}

/**
 * Makers of a memo of what a pure function makes (src/shared/lazy.ts, abi/abiInterface.ts): a copy per script makes
 * it twice, nothing worse, unless the function makes a container (then counted as one). lazyAsync's promise is counted.
 */
const PURE_MEMO_MAKERS = new Set(['lazy', 'abiInterface']);
/** Constructors of what holds no state. */
const STATELESS = new Set(['RegExp', 'TextEncoder', 'TextDecoder', 'URL', 'Error']);
/** Constructors of a container (typed arrays too): one made filled, or of a size, is counted only when something changes it. */
const CONTAINER = /^(Map|Set|WeakMap|WeakSet|\w*Array)$/;
/** Methods that change the object they are called on. */
const MUTATORS = new Set(['set', 'add', 'delete', 'clear', 'push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'addEventListener', 'removeEventListener']);

const unwrap = (node: ts.Expression): ts.Expression =>
  ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isNonNullExpression(node) ? unwrap(node.expression) : node;

/** `globalThis`, or `(globalThis as …)[KEY] ??= …`: kept on the global scope, one for every script. */
const onGlobalScope = (init: ts.Expression): boolean => {
  const node = unwrap(init);
  if (node.getText() === 'globalThis') return true;
  if (!ts.isBinaryExpression(node) || node.operatorToken.kind !== ts.SyntaxKind.QuestionQuestionEqualsToken) return false;
  const target = unwrap(node.left);
  return ts.isElementAccessExpression(target) && unwrap(target.expression).getText() === 'globalThis';
};

const makesContainer = (node: ts.Node): boolean =>
  (ts.isNewExpression(node) && !STATELESS.has(node.expression.getText())) || ts.forEachChild(node, makesContainer) === true;

/** How a top-level constant's initializer makes state (an empty container, an object, a memo, a symbol), or nothing by itself. */
function madeState(init: ts.Expression): string | undefined {
  const node = unwrap(init);
  const made = ts.isNewExpression(node) || ts.isCallExpression(node) ? node.expression.getText() : '';
  if (ts.isNewExpression(node) && !STATELESS.has(made) && !(CONTAINER.test(made) && node.arguments?.length)) return `new ${made}`;
  // A symbol per copy: what one script marks with it, the other's does not know (a mark both share is Symbol.for's).
  if (ts.isCallExpression(node) && made === 'Symbol') return 'Symbol()';
  if (ts.isCallExpression(node) && /^lazy|^abiInterface$/.test(made) && (!PURE_MEMO_MAKERS.has(made) || node.arguments.some(makesContainer))) return `${made}()`;
  return undefined;
}

/** The names of `file`'s top-level bindings that something in it changes (a method that mutates, an assignment into it). */
function mutated(file: ts.SourceFile, names: Set<string>): Set<string> {
  const found = new Set<string>();
  const base = (node: ts.Expression): string | undefined => {
    const inner = unwrap(node);
    if (ts.isIdentifier(inner)) return names.has(inner.text) ? inner.text : undefined;
    return ts.isPropertyAccessExpression(inner) || ts.isElementAccessExpression(inner) ? base(inner.expression) : undefined;
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && MUTATORS.has(node.expression.name.text)) {
      const name = base(node.expression.expression);
      if (name) found.add(name);
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && node.operatorToken.kind <= ts.SyntaxKind.LastAssignment) {
      const target = unwrap(node.left);
      const name = ts.isIdentifier(target) ? undefined : base(target);
      if (name) found.add(name);
    }
    if (ts.isDeleteExpression(node)) {
      const name = base(node.expression);
      if (name) found.add(name);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The classes the wallet's code asks `instanceof` of: a copy per script is two classes, an instance of one is none of the other. */
const checkedClasses = (): Set<string> => {
  const files = readdirSync(resolve(root, 'src'), { recursive: true, encoding: 'utf8' }).filter((file) => /(?<!\.test)\.tsx?$/.test(file));
  return new Set(files.flatMap((file) => [...readFileSync(resolve(root, 'src', file), 'utf8').matchAll(/instanceof ([A-Z]\w*)/g)].map((match) => match[1])));
};

/** A class that is no class per script: its `Symbol.hasInstance` asks for a mark both copies make (shared/markedError.ts). */
const markedClass = (node: ts.ClassDeclaration): boolean =>
  node.members.some((member) => member.name?.getText() === '[Symbol.hasInstance]') || /^extends (\/\* @__PURE__ \*\/ )?markedError\(/.test(node.heritageClauses?.[0]?.getText() ?? '');

/**
 * What of `path`'s module-level state each copy keeps its own of, one line each ("let nextId", "known: new Map"): read
 * from its source, so an exported object that only another module changes is not seen.
 */
export function moduleState(path: string, checked = checkedClasses()): string[] {
  const file = ts.createSourceFile(path, readFileSync(resolve(root, path), 'utf8'), ts.ScriptTarget.Latest, true);
  const state: string[] = [];
  const constants = new Set<string>();
  for (const statement of file.statements) {
    if (ts.isClassDeclaration(statement) && statement.name && checked.has(statement.name.text) && !markedClass(statement)) state.push(`class ${statement.name.text}: instanceof`);
    if (ts.isClassDeclaration(statement)) {
      for (const member of statement.members) {
        const isStatic = ts.getModifiers(member as ts.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword);
        const isReadonly = ts.getModifiers(member as ts.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.ReadonlyKeyword);
        if (ts.isPropertyDeclaration(member) && isStatic && !isReadonly) state.push(`static ${member.name.getText()}`);
      }
    }
    // A function's own property set later is state too (a memo kept on the function).
    if (ts.isFunctionDeclaration(statement) && statement.name) constants.add(statement.name.text);
    // A call or an assignment at the top level runs once per copy: a listener added twice, a global set twice.
    const runs = ts.isExpressionStatement(statement) && `runs at load: ${statement.getText().split(/[ (]/)[0]}`;
    if (runs && !state.includes(runs)) state.push(runs);
    if (!ts.isVariableStatement(statement)) continue;
    const isConst = (statement.declarationList.flags & ts.NodeFlags.Const) !== 0;
    for (const declaration of statement.declarationList.declarations) {
      const name = declaration.name.getText();
      if (!isConst) state.push(`let ${name}`);
      else if (declaration.initializer && onGlobalScope(declaration.initializer)) continue;
      else if (declaration.initializer && madeState(declaration.initializer)) state.push(`${name}: ${madeState(declaration.initializer)}`);
      else if (ts.isIdentifier(declaration.name)) constants.add(name);
    }
  }
  for (const name of mutated(file, constants)) state.push(`${name}: changed`);
  return state;
}

/** A module that two or more of the worker's scripts carry, and the state each copy keeps its own of. */
export type DuplicatedState = { module: string; state: string[] };

/** Each module with state that two or more of the worker's scripts carry, whose declaration each of those copies kept. */
export async function duplicatedState(): Promise<DuplicatedState[]> {
  const found: DuplicatedState[] = [];
  const checked = checkedClasses();
  for (const [module, copies] of await modulesByScript()) {
    if (copies.size < 2) continue;
    const kept = (line: string) => {
      if (line.startsWith('runs at load')) return true;
      const name = line.replace(/^(let|static|class) /, '').split(':')[0];
      const declared = new RegExp(`\\b(let|const|var|static|class) ${name.replace(/\$/g, '\\$')}(\\$\\d+)?\\b`);
      return [...copies.values()].filter((code) => declared.test(code)).length >= 2;
    };
    const state = moduleState(module, checked).filter(kept);
    if (state.length > 0) found.push({ module, state });
  }
  return found;
}
