// What a client component's code reaches: its value imports (static, re-exported and lazy),
// followed through every module of ours, so that a build-time module brought in by way of an
// unmarked helper is found as surely as one imported directly (eslint.config.mjs,
// site/build-time-in-client). Type-only imports are left out: they leave nothing in the bundle.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Runs at build time: lib/ but for browser/, shared/ and the booking's part of both sides
 * (lib/booking/, whose content schema alone is build-time): settings, content, media, routes….
 * `base` is the project's root, which `@/` names.
 */
export function isBuildTime(file, base) {
  const relative = path.relative(base, file).split(path.sep).join('/');
  return /^lib\/(?!browser\/|shared\/|booking\/(?!content\.))/.test(relative);
}

const CODE = /\.(ts|tsx|mjs|js)$/;
const CANDIDATES = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx'];

const isFile = (file) => {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/** Our module a specifier names (`@/…` or relative), or null for a package or a non-code file. */
export function resolveImport(specifier, from, base) {
  const target = specifier.startsWith('@/')
    ? path.join(base, specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!target) return null;
  const file = CANDIDATES.map((ending) => target + ending).find(isFile);
  return file && CODE.test(file) ? file : null;
}

/** Whether an import or export declaration brings values (not only types). */
function bringsValues(node) {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return false;
    const clause = node.exportClause;
    return !clause || !ts.isNamedExports(clause) || clause.elements.some((e) => !e.isTypeOnly);
  }
  const clause = node.importClause;
  if (!clause) return true; // a side effect: `import './x'`
  if (clause.isTypeOnly) return false;
  if (clause.name) return true;
  const bindings = clause.namedBindings;
  if (!bindings || ts.isNamespaceImport(bindings)) return true;
  return bindings.elements.length === 0 || bindings.elements.some((e) => !e.isTypeOnly);
}

/** The specifiers a module's source imports as values, lazy `import()` included. */
export function valueSpecifiers(source, fileName = 'module.tsx') {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    false,
    ts.ScriptKind.TSX,
  );
  const found = [];
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      bringsValues(node)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Each module's value imports, read once per lint run (and again when the file changes). */
const edges = new Map();
function importsOf(file, base) {
  const modified = statSync(file).mtimeMs;
  const known = edges.get(file);
  if (known?.modified === modified) return known.files;
  const files = valueSpecifiers(readFileSync(file, 'utf8'), file)
    .map((specifier) => resolveImport(specifier, file, base))
    .filter((resolved) => resolved !== null);
  edges.set(file, { modified, files });
  return files;
}

/**
 * The way from a module to the first build-time module its values reach, as a list of files
 * (the module first, the build-time one last), or null when none is reached.
 */
export function pathToBuildTime(start, base) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    if (isBuildTime(file, base)) {
      const way = [];
      for (let step = file; step; step = cameFrom.get(step)) way.unshift(step);
      return way;
    }
    for (const next of importsOf(file, base)) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, file);
      queue.push(next);
    }
  }
  return null;
}

/** Whether a module is a client component: 'use client' before any statement. */
export function isClientModule(source) {
  const file = ts.createSourceFile('module.tsx', source, ts.ScriptTarget.Latest, false);
  for (const statement of file.statements) {
    if (!ts.isExpressionStatement(statement) || !ts.isStringLiteral(statement.expression)) break;
    if (statement.expression.text === 'use client') return true;
  }
  return false;
}

/**
 * The way from a client component to the first build-time module its values reach (the
 * component first), or null: what the lint rule reports per import, for the whole file.
 */
export function clientReach(file, base) {
  for (const next of importsOf(file, base)) {
    const way = isBuildTime(next, base) ? [next] : pathToBuildTime(next, base);
    if (way) return [file, ...way];
  }
  return null;
}
