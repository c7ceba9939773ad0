// CI's dependency audit: `npm audit --omit=dev --audit-level=high`, with the exceptions named and reasoned
// in .ci/audit-exceptions.json. Exit 1 when an advisory of high or critical severity in the shipped dependencies has no
// exception. When the registry cannot answer audits (this project's build machines' registry answers 405), it says so
// in capitals and exits 0: a registry outage is no fault of our code; AUDIT_REQUIRED=1 makes that a failure too.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { auditVerdict, type AuditException } from './audit-verdict';

const EXCEPTIONS_FILE = path.join(process.cwd(), '.ci', 'audit-exceptions.json');
const exceptions = (JSON.parse(fs.readFileSync(EXCEPTIONS_FILE, 'utf8')) as { exceptions: AuditException[] }).exceptions;
for (const e of exceptions) if (!e.advisory || !e.package || !e.reason?.trim()) throw new Error(`${EXCEPTIONS_FILE}: every exception names its advisory and package and gives a reason`);

const run = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const verdict = auditVerdict(run.stdout ?? '', exceptions);
if (!verdict.ran) {
  console.log(`NPM AUDIT NOT RUN: the registry gave no audit report (${verdict.why.trim()}). Nothing was checked.`);
  process.exit(process.env.AUDIT_REQUIRED === '1' ? 1 : 0);
}
const counts = Object.entries(verdict.counts).filter(([k, n]) => k !== 'total' && n > 0).map(([k, n]) => `${n} ${k}`).join(', ');
console.log(`npm audit (shipped dependencies): ${counts || 'no advisories'}`);
for (const a of verdict.excepted) console.log(`excepted: ${a.package} ${a.severity} ${a.id} ${a.title} (see .ci/audit-exceptions.json)`);
for (const e of verdict.staleExceptions) console.log(`exception no longer needed, remove it: ${e.package} ${e.advisory}`);
for (const a of verdict.failing) console.log(`FAILING: ${a.package} ${a.range} ${a.severity} ${a.id} ${a.title}`);
process.exit(verdict.failing.length ? 1 : 0);
