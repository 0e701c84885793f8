// The browser's clients read the service's answers through the routes' own types: a change to an
// answer that the browser still reads the old way fails the type check (what `npm run typecheck`
// runs), proved here by type-checking each client against a service changed in memory.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '../..');
const config = ts.getParsedCommandLineOfConfigFile(
  path.join(root, 'tsconfig.json'),
  { incremental: false, noEmit: true },
  { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
);
assert.ok(config, 'tsconfig.json parses');
const host = ts.createCompilerHost(config.options, true);
let previous: ts.Program | undefined;

/** The type errors in `client` when `file` of the service reads as `change` makes it. */
function errorsIn(client: string, file: string, change: (text: string) => string) {
  const changed = path.join(root, file);
  const program = ts.createProgram({
    rootNames: [path.join(root, client)],
    options: config!.options,
    oldProgram: previous,
    host: {
      ...host,
      getSourceFile: (name, language, ...rest) => {
        if (path.resolve(name) !== changed) return host.getSourceFile(name, language, ...rest);
        const text = ts.sys.readFile(name)!;
        const after = change(text);
        assert.notEqual(after, text, `the change applies to ${file}`);
        return ts.createSourceFile(name, after, language);
      },
    },
  });
  previous = program;
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(path.join(root, client)))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('the browser reads the answers the service gives', { timeout: 120_000 }, () => {
  test('unchanged, both clients type-check', () => {
    for (const client of ['lib/browser/order-client.ts', 'lib/browser/review-client.ts']) {
      assert.deepEqual(
        errorsIn(client, 'server/routes/confirmation.ts', (text) => `${text}\n`),
        [],
      );
    }
  });

  test("a delivered order's answer without `expiresAt` fails the order client", () => {
    const errors = errorsIn('lib/browser/order-client.ts', 'server/routes/contract.ts', (text) =>
      text.replace('  expiresAt: number;\n', '  expiry: number;\n'),
    );
    assert.ok(
      errors.some((error) => error.includes('expiresAt')),
      errors.join('\n') || 'no errors',
    );
  });

  test('an order created with another status fails the order client', () => {
    const errors = errorsIn('lib/browser/order-client.ts', 'server/routes/orders.ts', (text) =>
      text.replace('satisfies CreatedAnswer, 201)', 'satisfies CreatedAnswer, 200)'),
    );
    assert.ok(errors.length > 0, 'no errors');
  });

  test("an opened review's answer under another status fails the review client", () => {
    const errors = errorsIn('lib/browser/review-client.ts', 'server/routes/reviews.ts', (text) =>
      text.replace('return c.json(opened, 200);', 'return c.json(opened, 201);'),
    );
    assert.ok(errors.length > 0, 'no errors');
  });
});
