import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawn } from 'node:child_process';
import { DataFolderLockedError, lockDataFolder, lockFilePath, readLockHolder } from '@/lib/db/lock';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'sahyog-lock-'));

describe('the embedded database folder is held by one process', () => {
  it('refuses a second process, naming the holder', async () => {
    const folder = tmp();
    // another live process takes the folder
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(lockFilePath(folder), JSON.stringify({ pid: holder.pid, command: 'next start', started_at: new Date().toISOString() }));
      expect(() => lockDataFolder(folder)).toThrow(DataFolderLockedError);
      expect(() => lockDataFolder(folder)).toThrow(new RegExp(`in use by process ${holder.pid} \\(next start\\)`));
      expect(readLockHolder(folder)?.pid).toBe(holder.pid);
    } finally {
      holder.kill();
    }
  });

  it('a released lock leaves no exit hook behind (a process that opens and closes many databases keeps none)', () => {
    // in a plain process: jest's own process object does not show the real one's exit listeners
    const script = `const { lockDataFolder } = require('./lib/db/lock.ts'); const fs = require('node:fs'); const os = require('node:os'); const path = require('node:path');
      const before = process.listenerCount('exit');
      for (let i = 0; i < 5; i++) lockDataFolder(fs.mkdtempSync(path.join(os.tmpdir(), 'sahyog-lock-')))();
      console.log(process.listenerCount('exit') - before);`;
    const out = execFileSync(path.join('node_modules', '.bin', 'tsx'), ['-e', script], { encoding: 'utf8' });
    expect(out.trim()).toBe('0');
  });

  it('takes over the lock of a process that died', async () => {
    const folder = tmp();
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => dead.on('exit', r));
    fs.writeFileSync(lockFilePath(folder), JSON.stringify({ pid: dead.pid, command: 'old', started_at: '' }));
    const release = lockDataFolder(folder);
    expect(JSON.parse(fs.readFileSync(lockFilePath(folder), 'utf8')).pid).toBe(process.pid);
    release();
    expect(fs.existsSync(lockFilePath(folder))).toBe(false);
  });

  it('is re-entrant within one process (Next bundles open the database from several modules)', () => {
    const folder = tmp();
    const release = lockDataFolder(folder);
    expect(() => lockDataFolder(folder)).not.toThrow();
    release();
  });
});
