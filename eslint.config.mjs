import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import prettier from 'eslint-config-prettier/flat';
import path from 'node:path';
import { isBuildTime, pathToBuildTime, resolveImport } from './scripts/lint/client-graph.mjs';

const root = import.meta.dirname;

/**
 * A client component ('use client') runs in the browser: of lib/ it may import values only from
 * lib/browser/ and lib/shared/; the rest of lib/ runs at build time (content, settings, media,
 * the journal, routes...), whose types it may import, never its code or data. Its imports are
 * followed through every module of ours (scripts/lint/client-graph.mjs): a build-time module
 * reached by way of an unmarked helper is refused as one imported directly.
 */
const buildTimeInClient = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      value:
        '{{module}} runs at build time: a client component imports only its types (pass what it needs as props), or code from lib/browser/ and lib/shared/.',
      reached:
        '{{module}} brings build-time code into the browser: {{way}}. A client component imports only types from build-time modules (pass what it needs as props), or code from lib/browser/ and lib/shared/.',
    },
  },
  create(context) {
    const client = context.sourceCode.ast.body.some(
      (node) => node.type === 'ExpressionStatement' && node.directive === 'use client',
    );
    if (!client) return {};
    const check = (node, specifier) => {
      const file = resolveImport(specifier, context.filename, root);
      if (!file) return;
      if (isBuildTime(file, root)) {
        context.report({ node, messageId: 'value', data: { module: specifier } });
        return;
      }
      const way = pathToBuildTime(file, root);
      if (!way) return;
      const named = way.map((step) => path.relative(root, step)).join(' → ');
      context.report({ node, messageId: 'reached', data: { module: specifier, way: named } });
    };
    return {
      ImportDeclaration(node) {
        if (node.importKind === 'type') return;
        const values = node.specifiers.filter((specifier) => specifier.importKind !== 'type');
        if (node.specifiers.length > 0 && values.length === 0) return;
        check(node, node.source.value);
      },
      ExportNamedDeclaration(node) {
        if (node.source && node.exportKind !== 'type') check(node, node.source.value);
      },
      ExportAllDeclaration(node) {
        if (node.exportKind !== 'type') check(node, node.source.value);
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal' && typeof node.source.value === 'string') {
          check(node, node.source.value);
        }
      },
    };
  },
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  prettier,
  {
    plugins: { site: { rules: { 'build-time-in-client': buildTimeInClient } } },
    rules: {
      'site/build-time-in-client': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'next/link',
              importNames: ['default'],
              message: 'Use Link from @/components/ui/link: it prefetches on intent, not on sight.',
            },
          ],
        },
      ],
    },
  },
  {
    // The site (browser and build) knows the service through its contract's types only.
    files: ['app/**', 'components/**', 'lib/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/server/*'],
              allowTypeImports: true,
              message:
                "Import the service's types only (its routes' API types, server/routes/contract.ts): no service code in the site.",
            },
          ],
        },
      ],
    },
  },
  {
    // The service shares lib/shared/ (and the booking's lib/booking/) with the site, nothing of its
    // pages or browser code.
    files: ['server/**'],
    ignores: ['server/testing/**', 'server/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@/*',
                '!@/lib',
                '@/lib/*',
                '!@/lib/shared',
                '!@/lib/node',
                '!@/lib/booking',
                '!@/lib/content',
                '@/lib/content/*',
                '!@/lib/content/review-schema',
              ],
              message:
                "The service may import only lib/shared/, lib/node/, lib/booking/ and the review files' schema (lib/content/review-schema.ts), the parts of lib/ the site and the service share.",
            },
            {
              group: ['**/testing', '**/testing/*', '@/server/testing/*'],
              message:
                "The service's own code never imports its fakes (server/testing/ is for tests and e2e only).",
            },
          ],
        },
      ],
    },
  },
  // lib/shared/ runs anywhere (the browser too) and imports only itself; lib/node/ runs in Node
  // (the build and the service) and adds the content schemas the catalogue and review files
  // repeat. Neither brings the site's build code to the service. (The service's types only: the
  // block for app/, components/ and lib/ above.)
  {
    files: ['lib/shared/**'],
    ignores: ['lib/shared/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', '@/*', '!@/lib', '@/lib/*', '!@/lib/shared'],
              // Types leave nothing in a bundle: the content schemas' output types may be named.
              allowTypeImports: true,
              message:
                'lib/shared/ runs anywhere, the browser too: it imports only lib/shared/, and types (Node-only code shared by the build and the service goes in lib/node/).',
            },
          ],
        },
      ],
    },
  },
  // lib/booking/ is the booking's part of both sides: the schedule the pages and the service
  // compute alike, and the content schema the catalogue carries. It runs in the browser too.
  {
    files: ['lib/booking/**'],
    ignores: ['lib/booking/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'node:*',
                '@/*',
                '!@/lib',
                '@/lib/*',
                '!@/lib/shared',
                '!@/lib/booking',
                '!@/lib/content',
                '@/lib/content/*',
                '!@/lib/content/schema',
                '!@/lib/fields',
              ],
              // The page's client names the service's answers by their types (lib/booking/client.ts).
              allowTypeImports: true,
              message:
                'lib/booking/ may import only lib/shared/, lib/booking/, the field rules (lib/fields.ts) and the content schemas: the site and the service share it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['lib/node/**'],
    ignores: ['lib/node/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@/*',
                '!@/lib',
                '@/lib/*',
                '!@/lib/shared',
                '!@/lib/node',
                '!@/lib/content',
                '@/lib/content/*',
                '!@/lib/content/schema',
                '!@/lib/content/tax-schema',
                '!@/lib/content/terms-schema',
                '!@/lib/fields',
                '!@/lib/booking',
                '@/lib/booking/*',
                '!@/lib/booking/content',
              ],
              message:
                'lib/node/ may import only lib/shared/, lib/node/, the field rules (lib/fields.ts) and the content schemas (for the catalogue and the review files).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['components/ui/link.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Playwright fixtures call their continuation `use`, which is not React's hook.
    files: ['e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  globalIgnores([
    '.next/**',
    'out/**',
    'next-env.d.ts',
    'coverage/**',
    'test-results/**',
    'playwright-report/**',
    'server/dist/**',
    'server/.data/**',
    // The content editor, bundled by scripts/cms/build.ts.
    'public/admin/**',
    // The inline scripts, bundled by scripts/inline/build.ts.
    'lib/inline/scripts.generated.ts',
    'lib/content/content.generated.ts',
  ]),
]);
