import type { RefObject } from 'react';
import { useTranslations } from 'next-intl';
import type { DraftView } from '@/lib/fundraisers/draft-view';

/** A draft under review, or already live, is not edited in the wizard: it says where the fundraiser stands. */
export function WizardDone({ draft, basePath, heading }: { draft: DraftView; basePath: string; heading: RefObject<HTMLHeadingElement | null> }) {
  const t = useTranslations('Wizard');
  return (
    <section className="wizard-done panel" aria-labelledby="wizard-heading">
      <h1 id="wizard-heading" ref={heading} tabIndex={-1}>
        {draft.status === 'under_review' ? t('underReview.title') : t('live.title')}
      </h1>
      <p className="status-badge" data-status={draft.status}>
        {draft.status === 'under_review' ? t('status.under_review') : t('status.live')}
      </p>
      <p>{draft.status === 'under_review' ? t('underReview.text') : t('live.text')}</p>
      <p>
        <strong>
          <bdi>{draft.title}</bdi>
        </strong>
      </p>
      <a className="btn btn-secondary" href={basePath}>
        {t('startAnother')}
      </a>
    </section>
  );
}
