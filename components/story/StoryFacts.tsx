// The facts under a story's title: campaigner, beneficiary and relation, cause; then what shows it is real:
// the hospital (once confirmed), a reviewer's check of the documents, and what the tax benefit means for a donor.
import { getTranslations } from 'next-intl/server';
import { BadgeCheck, Building2, Globe2, ReceiptText } from 'lucide-react';
import { hasValidFcra } from '@/lib/donations/fcra';
import { formatDate } from '@/lib/portfolio/format';
import type { FundraiserDetail } from '@/lib/fundraisers/queries';
import { hasTaxBenefit } from '@/lib/fundraisers/rules';
import { beneficiaryRelationText, causeName } from '@/lib/i18n/stored-values';

type Props = {
  fundraiser: Pick<FundraiserDetail, 'is_private' | 'campaigner_name' | 'beneficiary_name' | 'beneficiary_relation' | 'cause_name' | 'cause_slug' | 'taxexempted' | 'beneficiary_tax_benefit'> &
    Partial<Pick<FundraiserDetail, 'hospital_name' | 'hospital_city' | 'documents_verified' | 'fcra_number' | 'fcra_valid_until'>>;
};

export async function StoryFacts({ fundraiser: f }: Props) {
  const [t, tCauses] = await Promise.all([getTranslations('Story'), getTranslations('Causes')]);
  return (
    <dl className="facts">
      <div>
        <dt>{t('campaigner')}</dt>
        <dd data-testid="campaigner">{f.campaigner_name}</dd>
      </div>
      {!f.is_private && f.beneficiary_name && (
        <div>
          <dt>{t('beneficiary')}</dt>
          <dd data-testid="beneficiary">
            {f.beneficiary_name}
            {f.beneficiary_relation && <span className="muted"> · {beneficiaryRelationText(t, f.beneficiary_relation)}</span>}
          </dd>
        </div>
      )}
      {f.cause_name && (
        <div>
          <dt>{t('cause')}</dt>
          <dd data-testid="cause">{causeName(tCauses, { slug: f.cause_slug, info_1: f.cause_name })}</dd>
        </div>
      )}
    </dl>
  );
}

/** the proof block: the hospital, "documents verified" once a reviewer checked them, the tax benefit explained. */
export async function StoryProof({ fundraiser: f, locale = 'en' }: Props & { locale?: string }) {
  const [t, tc] = await Promise.all([getTranslations('Story'), getTranslations('Card')]);
  const hospital = !f.is_private && f.hospital_name;
  const tax = hasTaxBenefit(f);
  // an NGO's FCRA registration: it may take gifts from donors who are not Indian citizens
  const fcra = f.fcra_number && hasValidFcra({ fcra_number: f.fcra_number, fcra_valid_until: f.fcra_valid_until ?? null }) ? { number: f.fcra_number, until: f.fcra_valid_until! } : null;
  if (!hospital && !f.documents_verified && !tax && !fcra) return null;
  return (
    <section className="story-proof" aria-labelledby="proof-heading" data-testid="story-proof">
      <h2 id="proof-heading" className="visually-hidden">
        {t('proof.heading')}
      </h2>
      <ul>
        {hospital && (
          <li data-testid="proof-hospital">
            <Building2 aria-hidden size={20} />
            <span>
              <strong>{t('proof.hospital')}</strong> <bdi>{f.hospital_name}</bdi>
              {f.hospital_city && (
                <span className="muted">
                  {' · '}
                  <bdi>{f.hospital_city}</bdi>
                </span>
              )}
            </span>
          </li>
        )}
        {f.documents_verified && (
          <li data-testid="proof-documents">
            <BadgeCheck aria-hidden size={20} className="proof-ok" />
            <span>
              <strong>{t('proof.documentsVerified')}</strong> <span className="muted">{t('proof.documentsText')}</span>
            </span>
          </li>
        )}
        {tax && (
          <li data-testid="proof-tax">
            <ReceiptText aria-hidden size={20} />
            <span>
              <strong>{tc('taxBenefit')}</strong> <span className="muted">{t('proof.taxText')}</span>
            </span>
          </li>
        )}
        {fcra && (
          <li data-testid="proof-fcra">
            <Globe2 aria-hidden size={20} />
            <span>
              <strong>{t('proof.fcra')}</strong>{' '}
              <span className="muted">{t('proof.fcraText', { number: fcra.number, date: formatDate(`${fcra.until}T12:00:00+05:30`, locale) })}</span>
            </span>
          </li>
        )}
      </ul>
    </section>
  );
}
