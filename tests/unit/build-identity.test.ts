// Servers of two builds are told apart: `npm run build` names the build after the commit (or DEPLOYMENT_ID), and a
// server reads back the name its build recorded, never the checkout it starts in (next.config.mjs).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = process.cwd();

/** next.config.mjs's deployment id in a Next phase, as Next loads it, in a process of its own. */
function deploymentIdIn(dir: string, phase: string, extra: Record<string, string> = {}): string {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['DEPLOYMENT_ID', 'NODE_OPTIONS'].includes(k)));
  const script = `import(${JSON.stringify(path.join(dir, 'next.config.mjs'))}).then((m) => m.default(${JSON.stringify(phase)})).then((c) => process.stdout.write(String(c.deploymentId)))`;
  return execFileSync(process.execPath, ['-e', script], { cwd: dir, env: { ...inherited, ...extra } as NodeJS.ProcessEnv, encoding: 'utf8' });
}

it('a build is named after the commit checked out, or DEPLOYMENT_ID when the deploy names it; a development server has no name', () => {
  const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  expect(deploymentIdIn(root, 'phase-production-build')).toBe(head);
  expect(deploymentIdIn(root, 'phase-production-build', { DEPLOYMENT_ID: 'release-2026-11-29' })).toBe('release-2026-11-29');
  expect(deploymentIdIn(root, 'phase-development-server')).toBe('undefined');
});

it('a server takes the name its build recorded, even where the checkout has no git history', () => {
  // a copy of the built app as a deploy ships it: the config, the build's output, no .git
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'sahyog-built-'));
  try {
    fs.copyFileSync(path.join(root, 'next.config.mjs'), path.join(copy, 'next.config.mjs'));
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'));
    fs.mkdirSync(path.join(copy, '.next'));
    fs.writeFileSync(path.join(copy, '.next', 'routes-manifest.json'), JSON.stringify({ version: 3, deploymentId: 'built-from-3bfba28' }));
    expect(deploymentIdIn(copy, 'phase-production-server')).toBe('built-from-3bfba28');
    // a build made there without DEPLOYMENT_ID has no commit to take: no name, as before
    expect(deploymentIdIn(copy, 'phase-production-build')).toBe('undefined');
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
});
