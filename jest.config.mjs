import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

/**
 * The Markdown pipeline of the journal (unified, remark, rehype and their helpers) is published
 * as ES modules only, which Jest on Node 20 cannot require: these are compiled like our code.
 */
const esmOnly = [
  'unified',
  'bail',
  'devlop',
  'is-plain-obj',
  'trough',
  'vfile[^/]*',
  'unist-[^/]+',
  'remark-[^/]+',
  'mdast-[^/]+',
  'micromark[^/]*',
  'decode-named-character-reference',
  'character-entities[^/]*',
  'trim-lines',
  '@ungap/structured-clone',
  'hast-[^/]+',
  'rehype-[^/]+',
  'html-void-elements',
  'property-information',
  'space-separated-tokens',
  'comma-separated-tokens',
  'stringify-entities',
  'zwitch',
  'ccount',
  'longest-streak',
  'web-namespaces',
];

const config = await createJestConfig({
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
  testPathIgnorePatterns: ['/node_modules/', '/e2e/', '/out/', '/.next/', '/server/'],
})();

const withEsm = {
  ...config,
  transformIgnorePatterns: [
    `/node_modules/(?!(${esmOnly.join('|')})/)`,
    ...config.transformIgnorePatterns.filter((pattern) => !pattern.includes('node_modules')),
  ],
};

export default withEsm;
