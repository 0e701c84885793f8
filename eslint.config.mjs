import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import prettier from 'eslint-config-prettier/flat';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  prettier,
  {
    rules: {
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
