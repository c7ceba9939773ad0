import { useTranslations } from 'next-intl';
import type { WizardStep } from '@/lib/validation/drafts';
import type { DraftView } from '@/lib/fundraisers/draft-view';
import { isStep } from './wizard-values';

/** The start screen's list of the campaigner's drafts, each continued where it stopped. */
export function DraftList({ drafts, stepUrl }: { drafts: DraftView[]; stepUrl: (s: WizardStep, draftId: number | null) => string }) {
  const t = useTranslations('Wizard');
  return (
    <section className="wizard-drafts" aria-labelledby="drafts-heading">
      <h2 id="drafts-heading">{t('yourDrafts')}</h2>
      <ul>
        {drafts.map((d) => (
          <li key={d.id} className="panel">
            <div>
              <strong>
                <bdi>{d.title || t('untitled')}</bdi>
              </strong>
              <span className="status-badge" data-status={d.status}>
                {t(`status.${d.status}`)}
              </span>
              {d.status === 'rejected' && d.review_reason && (
                <p className="muted">
                  {t('sentBack')} <bdi>{d.review_reason}</bdi>
                </p>
              )}
            </div>
            {d.status !== 'under_review' && (
              <a className="btn btn-secondary" href={stepUrl(isStep(d.step) ? d.step : 'cause', d.id)}>
                {t('continue')}
              </a>
            )}
          </li>
        ))}
      </ul>
      <h2>{t('startNew')}</h2>
    </section>
  );
}
