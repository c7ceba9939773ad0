// Three projects: unit (lib/ rules), integration (route handlers on a real database), components (jsdom).
const nextJest = require('next/jest');

const createJestConfig = nextJest({ dir: './' });

const esm = ['next-intl', 'use-intl', 'icu-minify', '@formatjs', 'intl-messageformat', '@schummar', 'iron-session', 'iron-webcrypto', 'uint8array-extras', 'cookie', 'embla-carousel', 'embla-carousel-react', 'openid-client', 'oauth4webapi', 'jose'];

module.exports = async () => {
  const base = await createJestConfig({ moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1', '^server-only$': '<rootDir>/node_modules/server-only/empty.js' } })();
  // every SWC transform goes through tests/setup/swc-esm-transformer.cjs, which emits ESM when Jest asks for it
  const swc = require.resolve('next/dist/build/swc/jest-transformer');
  const transform = Object.fromEntries(
    Object.entries(base.transform).map(([files, t]) => [files, Array.isArray(t) && t[0] === swc ? ['<rootDir>/tests/setup/swc-esm-transformer.cjs', t[1]] : t]),
  );
  const shared = {
    ...base,
    transform,
    transformIgnorePatterns: [`/node_modules/(?!(${esm.join('|')})/)`, '^.+\\.module\\.(css|sass|scss)$'],
  };
  return {
    testTimeout: 60000,
    // one worker per core: Jest's default (cores - 1) runs everything in one process on a 2-core machine, where the
    // parent only waits on its workers
    maxWorkers: '100%',
    // a file's module context outlives it in the worker (Node's vm module registry; about 25 MB a file), so a worker's heap
    // grows all run and its collections get dearer: a worker past 600 MB is replaced between files. npm test: 336 s and 596
    // CPU-s without, 309 s and 541 CPU-s with (one run each, same machine)
    workerIdleMemoryLimit: '600MB',
    // package.json's test scripts give Node a 64 MB young generation (--max-semi-space-size): a file's short-lived objects
    // die there instead of being copied out every few MB. npm test, warm cache, pairs back to back: 372/357 CPU-s without,
    // 354/343/339 with (128 MB: 337)
    projects: [
      { ...shared, displayName: 'unit', testEnvironment: 'node', testMatch: ['<rootDir>/tests/unit/**/*.test.ts'] },
      {
        ...shared,
        displayName: 'integration',
        testEnvironment: '<rootDir>/tests/setup/integration-environment.ts',
        testMatch: ['<rootDir>/tests/integration/**/*.test.ts'],
        // PGlite as the worker loaded it once (tests/setup/worker-pglite.cjs)
        moduleNameMapper: { ...base.moduleNameMapper, '^@electric-sql/pglite$': '<rootDir>/tests/setup/worker-pglite.cjs' },
        // migrated once per run; each file starts from a copy in its own database
        globalSetup: '<rootDir>/tests/setup/integration-global-setup.ts',
        globalTeardown: '<rootDir>/tests/setup/integration-global-teardown.ts',
        setupFiles: ['<rootDir>/tests/setup/integration-env.ts', '<rootDir>/tests/helpers/captured-logs.ts'],
        setupFilesAfterEnv: ['<rootDir>/tests/setup/integration-file-database.ts'],
      },
      {
        ...shared,
        displayName: 'components',
        testEnvironment: 'jsdom',
        testMatch: ['<rootDir>/tests/components/**/*.test.tsx'],
        setupFilesAfterEnv: ['<rootDir>/tests/setup/components.ts'],
      },
    ],
  };
};
