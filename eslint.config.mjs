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
  ]),
]);
