// CI's dependency audit (scripts/audit.ts) fails on a high or critical advisory in the shipped
// dependencies unless .ci/audit-exceptions.json names it with a reason, and says so plainly when no audit ran.
import fs from 'node:fs';
import path from 'node:path';
import { auditVerdict, type AuditException } from '@/scripts/audit-verdict';

// npm audit --json (report version 2), trimmed to what the verdict reads
const report = JSON.stringify({
  auditReportVersion: 2,
  vulnerabilities: {
    'sanitize-html': {
      name: 'sanitize-html',
      severity: 'high',
      via: [
        { source: 1, name: 'sanitize-html', title: 'SVG animation bypass', url: 'https://github.com/advisories/GHSA-g8qq-57p8-ggw5', severity: 'high', range: '<2.17.7' },
        { source: 2, name: 'sanitize-html', title: 'a moderate one', url: 'https://github.com/advisories/GHSA-mmmm-mmmm-mmmm', severity: 'moderate', range: '<2.17.6' },
      ],
    },
    postcss: { name: 'postcss', severity: 'critical', via: [{ source: 3, name: 'postcss', title: 'parser escape', url: 'https://github.com/advisories/GHSA-cccc-cccc-cccc', severity: 'critical', range: '<8.9.9' }] },
    // reached through postcss: listed under postcss itself
    'sanitize-html-wrapper': { name: 'sanitize-html-wrapper', severity: 'critical', via: ['postcss'] },
  },
  metadata: { vulnerabilities: { info: 0, low: 0, moderate: 1, high: 1, critical: 2, total: 4 } },
});

const exception = (advisory: string, pkg: string): AuditException => ({ advisory, package: pkg, reason: 'not exposed: tested' });

describe('the audit verdict', () => {
  it('fails on a high or critical advisory without an exception, and lets a named one pass', () => {
    const verdict = auditVerdict(report, [exception('GHSA-g8qq-57p8-ggw5', 'sanitize-html')]);
    expect(verdict.ran).toBe(true);
    if (!verdict.ran) return;
    expect(verdict.failing.map((a) => `${a.package} ${a.id}`)).toEqual(['postcss GHSA-cccc-cccc-cccc']);
    expect(verdict.excepted.map((a) => a.id)).toEqual(['GHSA-g8qq-57p8-ggw5']);
    expect(verdict.staleExceptions).toEqual([]);
  });

  it('an exception names one advisory of one package: nothing else passes with it, and one matching nothing is stale', () => {
    const verdict = auditVerdict(report, [exception('GHSA-g8qq-57p8-ggw5', 'postcss'), exception('GHSA-zzzz-zzzz-zzzz', 'next')]);
    if (!verdict.ran) throw new Error('ran');
    expect(verdict.failing.map((a) => a.id).sort()).toEqual(['GHSA-cccc-cccc-cccc', 'GHSA-g8qq-57p8-ggw5']);
    expect(verdict.staleExceptions.map((e) => e.advisory)).toEqual(['GHSA-g8qq-57p8-ggw5', 'GHSA-zzzz-zzzz-zzzz']);
  });

  it('moderate and low advisories do not fail it (--audit-level=high)', () => {
    const verdict = auditVerdict(JSON.stringify({ vulnerabilities: { x: { via: [{ name: 'x', severity: 'moderate', url: 'https://github.com/advisories/GHSA-m' }] } } }), []);
    expect(verdict).toMatchObject({ ran: true, failing: [] });
  });

  it('says it did not run when the registry answers no report', () => {
    const refused = JSON.stringify({ message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk', statusCode: 405 });
    expect(auditVerdict(refused, [])).toEqual({ ran: false, why: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk' });
    expect(auditVerdict('', [])).toEqual({ ran: false, why: 'npm audit printed no report' });
  });

  it('every exception in the file names its advisory and package and gives a reason', () => {
    const file = JSON.parse(fs.readFileSync(path.join(process.cwd(), '.ci', 'audit-exceptions.json'), 'utf8')) as { exceptions: AuditException[] };
    for (const e of file.exceptions) {
      expect(e.advisory).toMatch(/^GHSA(-[a-z0-9]{4}){3}$/);
      expect(e.package).toBeTruthy();
      expect(e.reason.length).toBeGreaterThan(40);
    }
  });
});
