// The facts under a story's title: campaigner, beneficiary and relation, cause, tax benefit; stored values shown through messages.
import { getTranslations } from 'next-intl/server';
import type { FundraiserDetail } from '@/lib/fundraisers/queries';
import { hasTaxBenefit } from '@/lib/fundraisers/rules';
import { beneficiaryRelationText, causeName } from '@/lib/i18n/stored-values';

type Props = { fundraiser: Pick<FundraiserDetail, 'is_private' | 'campaigner_name' | 'beneficiary_name' | 'beneficiary_relation' | 'cause_name' | 'cause_slug' | 'taxexempted' | 'beneficiary_tax_benefit'> };

export async function StoryFacts({ fundraiser: f }: Props) {
  const [t, tc, tCauses] = await Promise.all([getTranslations('Story'), getTranslations('Card'), getTranslations('Causes')]);
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
      {hasTaxBenefit(f) && (
        <div>
          <dt className="visually-hidden">{tc('taxBenefit')}</dt>
          <dd>
            <span className="badge">{tc('taxBenefit')}</span>
          </dd>
        </div>
      )}
    </dl>
  );
}
