import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import prettier from 'eslint-config-prettier/flat';

/**
 * A client component ('use client') runs in the browser: of lib/ it may import values only from
 * lib/browser/ and lib/shared/; the rest of lib/ runs at build time (content, settings, media,
 * the journal, routes...), whose types it may import, never its code or data.
 */
const buildTimeInClient = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      value:
        '{{module}} runs at build time: a client component imports only its types (pass what it needs as props), or code from lib/browser/ and lib/shared/.',
    },
  },
  create(context) {
    const client = context.sourceCode.ast.body.some(
      (node) => node.type === 'ExpressionStatement' && node.directive === 'use client',
    );
    if (!client) return {};
    const buildTime = /^@\/lib\/(?!browser\/|shared\/)/;
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (!buildTime.test(source) || node.importKind === 'type') return;
        const values = node.specifiers.filter((specifier) => specifier.importKind !== 'type');
        if (node.specifiers.length > 0 && values.length === 0) return;
        context.report({ node, messageId: 'value', data: { module: source } });
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
                "Import the service's types only (its routes' API types, server/contract.ts): no service code in the site.",
            },
          ],
        },
      ],
    },
  },
  {
    // The service shares lib/shared/ with the site, nothing of its pages or browser code.
    files: ['server/**'],
    ignores: ['server/testing/**', 'server/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/*', '!@/lib', '@/lib/*', '!@/lib/shared'],
              message:
                'The service may import only lib/shared/, the part of lib/ the site and the service share.',
            },
          ],
        },
      ],
    },
  },
  {
    // What the service imports must not bring the site's build code with it.
    files: ['lib/shared/**'],
    ignores: ['lib/shared/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@/lib/content',
              message: 'lib/shared/ may import only lib/shared/ (and the content schemas).',
            },
          ],
          patterns: [
            {
              group: [
                '@/lib/*',
                '!@/lib/shared',
                '!@/lib/content',
                '@/lib/content/*',
                '!@/lib/content/schema',
                '!@/lib/content/tax-schema',
              ],
              message:
                'lib/shared/ may import only lib/shared/ (and the content schemas, for the catalogue).',
            },
            {
              group: ['@/server/*'],
              allowTypeImports: true,
              message: "Import the service's types only (server/contract.ts).",
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
    'lib/content/folders.generated.ts',
  ]),
]);
