// What CI makes of `npm audit --omit=dev --json`: advisories of high or critical severity in what the
// product ships fail the build, unless .ci/audit-exceptions.json names them with a reason. Pure, so it is tested.

export interface AuditException {
  /** the advisory's GHSA id, as in its URL (https://github.com/advisories/GHSA-...) */
  advisory: string;
  package: string;
  /** why the product is not exposed, and what lifts the exception */
  reason: string;
}

export interface Advisory {
  id: string;
  package: string;
  severity: string;
  title: string;
  range: string;
}

export type AuditVerdict =
  | { ran: false; why: string }
  | { ran: true; failing: Advisory[]; excepted: Advisory[]; staleExceptions: AuditException[]; counts: Record<string, number> };

const BLOCKING = new Set(['high', 'critical']);

type Via = { source?: number; name?: string; title?: string; url?: string; severity?: string; range?: string };
type Report = { vulnerabilities?: Record<string, { via?: (Via | string)[] }>; metadata?: { vulnerabilities?: Record<string, number> }; message?: string; error?: { summary?: string } };

const idOf = (v: Via) => v.url?.split('/').pop() ?? `npm-${v.source ?? 'unknown'}`;

/** The verdict on one audit report (npm's JSON output, version 2) under these exceptions. */
export function auditVerdict(output: string, exceptions: readonly AuditException[]): AuditVerdict {
  let report: Report;
  try {
    report = JSON.parse(output) as Report;
  } catch {
    return { ran: false, why: 'npm audit printed no report' };
  }
  // the registry refused or could not be reached: npm prints its error as JSON instead of a report
  if (!report.vulnerabilities) return { ran: false, why: report.message ?? report.error?.summary ?? 'npm audit printed no report' };
  const advisories = new Map<string, Advisory>();
  for (const [name, entry] of Object.entries(report.vulnerabilities)) {
    for (const via of entry.via ?? []) {
      // a string names the dependency the advisory came through: it is listed under that package itself
      if (typeof via === 'string' || !BLOCKING.has(via.severity ?? '')) continue;
      const id = idOf(via);
      advisories.set(`${id} ${via.name ?? name}`, { id, package: via.name ?? name, severity: via.severity!, title: via.title ?? '', range: via.range ?? '' });
    }
  }
  const excused = (a: Advisory) => exceptions.some((e) => e.advisory === a.id && e.package === a.package);
  const all = [...advisories.values()];
  return {
    ran: true,
    failing: all.filter((a) => !excused(a)),
    excepted: all.filter(excused),
    staleExceptions: exceptions.filter((e) => !all.some((a) => a.id === e.advisory && a.package === e.package)),
    counts: report.metadata?.vulnerabilities ?? {},
  };
}
