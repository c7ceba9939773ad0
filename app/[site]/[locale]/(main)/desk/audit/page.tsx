import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { getDb } from '@/lib/db/client';
import { auditLines } from '@/lib/desk/audit';
import { AuditQuerySchema } from '@/lib/validation/desk';
import { formatDateTime } from '@/lib/portfolio/format';
import { DESK_PATHS, firstParam } from '@/lib/routes';
import { staffForPage } from '@/components/desk/staff-page';
import { DeskNav } from '@/components/desk/DeskNav';
import '@/components/desk/desk.css';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ site: string; locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Desk' });
  return { title: t('audit.title'), robots: { index: false, follow: false } };
}

const shown = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 1));

// admins read what staff did, newest first, by record or by actor, a page at a time
export default async function DeskAuditPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const staff = await staffForPage('audit.read');
  const search = await searchParams;
  const parsed = AuditQuerySchema.safeParse({ kind: firstParam(search.kind), record: firstParam(search.record), actor: firstParam(search.actor), page: firstParam(search.page) });
  const q = parsed.success ? parsed.data : {};
  const [log, t] = await Promise.all([auditLines(await getDb(), { recordKind: q.kind, recordId: q.record, actorId: q.actor, page: q.page }), getTranslations('Desk')]);
  const pageHref = (page: number) => `${DESK_PATHS.audit}?${new URLSearchParams({ ...(q.kind ? { kind: q.kind } : {}), ...(q.record ? { record: q.record } : {}), ...(q.actor ? { actor: String(q.actor) } : {}), page: String(page) })}`;

  return (
    <div className="container section desk-page">
      <DeskNav roles={staff.staffRoles} current="audit" />
      <h1>{t('audit.title')}</h1>
      <form className="desk-filters" method="get" role="search" aria-label={t('audit.filter')}>
        <div className="field">
          <label htmlFor="audit-kind">{t('audit.kind')}</label>
          <input id="audit-kind" name="kind" defaultValue={q.kind ?? ''} dir="ltr" autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor="audit-record">{t('audit.record')}</label>
          <input id="audit-record" name="record" defaultValue={q.record ?? ''} dir="ltr" autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor="audit-actor">{t('audit.actor')}</label>
          <input id="audit-actor" name="actor" inputMode="numeric" defaultValue={q.actor ?? ''} dir="ltr" autoComplete="off" />
        </div>
        <button type="submit" className="btn btn-secondary">
          {t('audit.apply')}
        </button>
      </form>
      <p className="review-count">{t('audit.count', { count: log.total })}</p>
      <ol className="desk-rows desk-card" data-testid="desk-audit">
        {log.lines.map((l) => (
          <li key={l.id} data-testid="desk-audit-line">
            <p>
              <strong>
                <bdi dir="ltr">{l.action}</bdi>
              </strong>{' '}
              <Link href={`${DESK_PATHS.audit}?${new URLSearchParams({ kind: l.recordKind, record: l.recordId })}`}>
                <bdi dir="ltr">
                  {l.recordKind}:{l.recordId}
                </bdi>
              </Link>
            </p>
            <p className="desk-row-note">
              <Link href={`${DESK_PATHS.audit}?${new URLSearchParams({ actor: String(l.actor.id) })}`}>
                <bdi>{l.actor.name}</bdi>
              </Link>{' '}
              (<bdi dir="ltr">{l.actorRoles}</bdi>) · <time dateTime={l.at.toISOString()}>{formatDateTime(l.at, locale)}</time> · <bdi dir="ltr">{l.ip ?? '—'}</bdi>
            </p>
            <details>
              <summary>{t('audit.change')}</summary>
              <div className="desk-diff">
                <div>
                  <h3>{t('audit.before')}</h3>
                  <pre dir="ltr">{shown(l.before)}</pre>
                </div>
                <div>
                  <h3>{t('audit.after')}</h3>
                  <pre dir="ltr">{shown(l.after)}</pre>
                </div>
              </div>
            </details>
          </li>
        ))}
      </ol>
      {log.pages > 1 && (
        <nav className="desk-pages" aria-label={t('audit.pages')}>
          {log.page > 1 && <Link href={pageHref(log.page - 1)}>{t('audit.newer')}</Link>}
          <span>{t('audit.pageOf', { page: log.page, pages: log.pages })}</span>
          {log.page < log.pages && <Link href={pageHref(log.page + 1)}>{t('audit.older')}</Link>}
        </nav>
      )}
    </div>
  );
}
