// Jest's node environment that, once every afterAll of a file has run, calls the file's database teardown
// (integration-file-database.ts): an afterAll of the setup would run before the file's own, which still use the database.
import { TestEnvironment } from 'jest-environment-node';

const FILE_TEARDOWN = Symbol.for('sahyog.test.fileTeardown');

export default class IntegrationEnvironment extends TestEnvironment {
  async handleTestEvent(event: { name: string }): Promise<void> {
    if (event.name === 'run_finish') await (this.global as Record<symbol, (() => Promise<void>) | undefined>)[FILE_TEARDOWN]?.();
  }
}
