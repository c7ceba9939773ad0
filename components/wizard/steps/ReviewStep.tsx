// The review step: each step's answers with a way back to it, the last advanced fields, and what the review still lacks.
import type { UseFormReturn } from 'react-hook-form';
import { useLocale, useTranslations } from 'next-intl';
import { PROOF_DOCUMENT_KINDS } from '@/lib/constants/fundraisers';
import { formatMoney, toMinor } from '@/lib/money';
import type { WizardStep } from '@/lib/validation/drafts';
import { stepOfField, type CauseGroup } from '@/lib/fundraisers/wizard';
import type { DraftMedia } from '@/lib/fundraisers/draft-view';
import { Field } from '@/components/forms/Field';
import { Picture, imageOf } from '../Picture';
import type { CauseChoice, FieldError, Picked, Values } from '../wizard-values';

interface Props {
  form: UseFormReturn<Values>;
  values: Values;
  err: FieldError;
  advanced: boolean;
  signedIn: boolean;
  steps: WizardStep[];
  picked: Picked;
  cover: DraftMedia | undefined;
  causes: Record<CauseGroup, CauseChoice[]>;
  group: CauseGroup | null;
  documents: number;
  /** what sending for review found missing, by field */
  missing: Record<string, string>;
  edit: (step: WizardStep) => void;
  signInHref: string;
}

export function ReviewStep({ form, values, err, advanced, signedIn, steps, picked, cover, causes, group, documents, missing, edit, signInHref }: Props) {
  const t = useTranslations('Wizard');
  const { register } = form;
  return (
    <>
      <dl className="review-list">
        {steps
          .filter((s) => s !== 'review')
          .map((s) => (
            <div key={s}>
              <dt>{t(`steps.${s}.title`)}</dt>
              <dd>
                <ReviewLine step={s} values={values} picked={picked} cover={cover} causes={causes} group={group} t={t} documents={documents} />
                <button type="button" className="link-button" onClick={() => edit(s)}>
                  {t('edit')}
                </button>
              </dd>
            </div>
          ))}
      </dl>
      {advanced && (
        <>
          <Field id="about" label={t('about')} error={err('about')}>
            {(c) => <textarea {...c} rows={3} {...register('about')} />}
          </Field>
          <Field id="brand_survey" label={t('brandSurvey')} error={err('brand_survey')}>
            {(c) => <input {...c} autoComplete="off" {...register('brand_survey')} />}
          </Field>
        </>
      )}
      {Object.keys(missing).length > 0 && (
        <div className="notice-error" role="alert">
          <p>{t('missingTitle')}</p>
          <ul>
            {Object.entries(missing).map(([field, message]) => {
              const s = stepOfField(field);
              return (
                <li key={field}>
                  {s ? (
                    <button type="button" className="link-button" onClick={() => edit(s)}>
                      {message}
                    </button>
                  ) : (
                    message
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {!signedIn && (
        <a className="btn btn-primary btn-block" href={signInHref}>
          {t('signInToContinue')}
        </a>
      )}
    </>
  );
}

interface ReviewLineProps {
  step: WizardStep;
  values: Values;
  picked: Picked;
  cover: DraftMedia | undefined;
  causes: Record<CauseGroup, CauseChoice[]>;
  group: CauseGroup | null;
  t: ReturnType<typeof useTranslations<'Wizard'>>;
  documents: number;
}

/** One step's answers in the review's summary. */
function ReviewLine({ step, values, picked, cover, causes, group, t, documents }: ReviewLineProps) {
  const locale = useLocale();
  const none = <span className="muted">{t('notGiven')}</span>;
  switch (step) {
    case 'cause':
      return <span>{(group && causes[group].find((c) => String(c.id) === values.cause_id)?.label) || none}</span>;
    case 'beneficiary':
      return values.beneficiary_name ? (
        <span>
          <bdi>{values.beneficiary_name}</bdi>
          {values.beneficiary_relation ? ` · ${t(`relation.${values.beneficiary_relation}`)}` : ''}
          {values.beneficiary_age ? ` · ${values.beneficiary_age}` : ''}
        </span>
      ) : (
        none
      );
    case 'medical':
      return picked.disease || picked.hospital || values.new_hospital_name ? (
        <span>
          <bdi>{picked.disease?.name}</bdi> · <bdi>{picked.hospital?.name ?? values.new_hospital_name}</bdi>
        </span>
      ) : (
        none
      );
    case 'owner':
      return values.owner_occupation || values.owner_qualification ? <span>{[values.owner_occupation, values.owner_qualification].filter(Boolean).join(' · ')}</span> : none;
    case 'story':
      return values.title ? <bdi>{values.title}</bdi> : none;
    case 'goal':
      return values.goal ? (
        <span>
          {[formatMoney(toMinor(Number(values.goal)), values.currency || 'INR', locale), values.end_date && new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(values.end_date))].filter(Boolean).join(' · ')}
        </span>
      ) : (
        none
      );
    case 'documents':
      return documents > 0 ? <span>{t('documents.count', { count: documents, total: PROOF_DOCUMENT_KINDS.length })}</span> : none;
    case 'images':
      return cover ? <Picture className="review-thumb" src={imageOf(cover)} alt={t('coverAlt')} width={120} height={68} /> : none;
    default:
      return null;
  }
}
