import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...nextVitals,
  ...nextTs,
  { rules: { '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }] } },
  // tests read JSON bodies of many shapes
  { files: ['tests/**', 'e2e/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  // CommonJS on purpose: jest's config, and server/thread-pool.cjs, preloaded before TypeScript can run
  { files: ['*.js', '**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  { ignores: ['.next/**', 'node_modules/**', 'data/**', 'lib/db/migrations/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**', '.ci/out/**'] },
];
export default config;
