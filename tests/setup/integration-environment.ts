// Jest's node environment that, once every afterAll of a file has run, calls the file's database teardown
// (integration-file-database.ts): an afterAll of the setup would run before the file's own, which still use the database.
import { TestEnvironment } from 'jest-environment-node';

const FILE_TEARDOWN = Symbol.for('sahyog.test.fileTeardown');
const WORKER_PGLITE = Symbol.for('sahyog.test.pglite');
// loaded once per worker, out here, and handed to every file (tests/setup/worker-pglite.cjs): compiled and warmed once
// eslint-disable-next-line @typescript-eslint/no-require-imports -- Node's own loader, outside the files' module registry
const pglite = require('@electric-sql/pglite');

export default class IntegrationEnvironment extends TestEnvironment {
  async setup(): Promise<void> {
    await super.setup();
    (this.global as Record<symbol, unknown>)[WORKER_PGLITE] = pglite;
  }

  // the worker's stdout as the file found it: captured-logs.ts patches it for the file, and the next file must not
  // write through the last one's closure (which would keep that file's whole context, its database with it, alive)
  private readonly stdoutWrite = process.stdout.write;

  async teardown(): Promise<void> {
    process.stdout.write = this.stdoutWrite;
    await super.teardown();
  }

  async handleTestEvent(event: { name: string }): Promise<void> {
    if (event.name === 'run_finish') await (this.global as Record<symbol, (() => Promise<void>) | undefined>)[FILE_TEARDOWN]?.();
  }
}
