'use client';
// The fundraiser wizard: one form across the steps of spec 4's purpose; every step saves (the draft when signed in,
// the dock when not), the address says which step and draft, and coming back resumes where it stopped.
import { useCallback, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import type { WizardStep } from '@/lib/validation/drafts';
import type { CauseGroup } from '@/lib/fundraisers/wizard';
import type { DraftView } from '@/lib/fundraisers/draft-view';
import type { Dock } from './dock';
import { chosenCause, groupOf, ownHospitalOfDraft, pickedOfDock, pickedOfDraft, valuesOfDock, valuesOfDraft, type CauseChoice, type Picked, type Values } from './wizard-values';
import { useWizardSteps } from './use-wizard-steps';
import { useWizardMedia } from './use-wizard-media';
import { useWizardSave } from './use-wizard-save';
import { WizardDone } from './WizardDone';
import { DraftList } from './DraftList';
import { CauseStep } from './steps/CauseStep';
import { BeneficiaryStep } from './steps/BeneficiaryStep';
import { MedicalStep } from './steps/MedicalStep';
import { OwnerStep } from './steps/OwnerStep';
import { StoryStep } from './steps/StoryStep';
import { GoalStep } from './steps/GoalStep';
import { ImagesStep } from './steps/ImagesStep';
import { DocumentsStep } from './steps/DocumentsStep';
import { ReviewStep } from './steps/ReviewStep';
import { SignInForMedia } from './steps/SignInForMedia';

export type { CauseGroup, CauseChoice };

export interface WizardProps {
  /** this variant's localized address, without /form */
  basePath: string;
  /** the localized sign-in page */
  signInPage: string;
  groups: CauseGroup[];
  advanced: boolean;
  inSteps: boolean;
  requestedStep: WizardStep | null;
  signedIn: boolean;
  isFos: boolean;
  draft: DraftView | null;
  drafts: DraftView[];
  causes: Record<CauseGroup, CauseChoice[]>;
  /** the first and last end dates allowed (YYYY-MM-DD, India's calendar) */
  dates: { min: string; max: string };
}

export function Wizard(props: WizardProps) {
  const { basePath, signInPage, groups, advanced, inSteps, signedIn, isFos, causes, dates } = props;
  const t = useTranslations('Wizard');
  const onlyGroup = groups.length === 1 ? groups[0] : null;
  const [draft, setDraft] = useState<DraftView | null>(props.draft);
  const [group, setGroup] = useState<CauseGroup | null>(groupOf(props.draft?.parent_cause_id ?? 0, props.draft?.cause_id ?? 0, onlyGroup));
  const [picked, setPicked] = useState<Picked>(() => pickedOfDraft(props.draft));
  const [ownHospital, setOwnHospital] = useState(ownHospitalOfDraft(props.draft));
  const [notice, setNotice] = useState('');
  const [saved, setSaved] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useForm<Values>({ defaultValues: { currency: 'INR', ...valuesOfDraft(props.draft) } });
  const values = useWatch({ control: form.control }) as Values;
  const { parent, purpose } = chosenCause(values, group);

  const clearStatus = useCallback(() => {
    setNotice('');
    setSaved(false);
  }, []);
  const { steps, step, at, stepUrl, show } = useWizardSteps({ basePath, inSteps, requestedStep: props.requestedStep, savedStep: props.draft?.step ?? null, purpose, heading, onShow: clearStatus });
  const media = useWizardMedia({ draft, initialDraft: props.draft, videoUrl: () => form.getValues('video_url'), onDocumentAdded: () => setNotice('') });
  const answersFromDock = (dock: Dock) => {
    form.reset(valuesOfDock(dock));
    setGroup(groupOf(dock.parent_cause_id, Number(dock.fields.cause_id ?? 0), onlyGroup));
    setOwnHospital(Boolean(dock.fields.new_hospital_name));
    setPicked(pickedOfDock(dock));
  };
  const save = useWizardSave({ form, draft, setDraft, signedIn, advanced, inSteps, requestedStep: props.requestedStep, parent, picked, steps, step, at, show, stepUrl, heading, media, setNotice, setSaved, answersFromDock });

  const err = (name: string) => form.formState.errors[name]?.message as string | undefined;
  // at the photos step the sign-in page says why, and starts with a code (no password); a session that ended mid-draft
  // comes back to that draft, not to a fresh start
  const signInHref = (s: WizardStep) => `${signInPage}?${new URLSearchParams({ redirect_uri: stepUrl(s, draft?.id ?? null), ...(s === 'images' ? { reason: 'photos' } : {}) })}`;
  const edit = (s: WizardStep) => show(s, draft?.id ?? null);
  const uploadsNeedSignIn = !signedIn || !draft;

  if (draft && (draft.status === 'under_review' || draft.status === 'live' || draft.status === 'ended')) return <WizardDone draft={draft} basePath={basePath} heading={heading} />;

  const stepTitle = inSteps || step !== 'cause' ? t(`steps.${step}.title`) : t('startTitle');
  return (
    <div className="wizard">
      {inSteps && (
        <div className="wizard-progress">
          <p className="muted">{t('stepOf', { step: at + 1, total: steps.length })}</p>
          <div className="wizard-bar" aria-hidden>
            <span style={{ inlineSize: `${((at + 1) / steps.length) * 100}%` }} />
          </div>
        </div>
      )}
      <h1 id="wizard-heading" ref={heading} tabIndex={-1}>
        {stepTitle}
      </h1>
      <p className="muted wizard-lead">{inSteps ? t(`steps.${step}.text`) : t('startText')}</p>

      {draft?.status === 'rejected' && draft.review_reason && (
        <div className="notice-warning" role="status">
          <strong>{t('sentBack')}</strong> <bdi>{draft.review_reason}</bdi>
        </div>
      )}

      {!inSteps && signedIn && props.drafts.length > 0 && <DraftList drafts={props.drafts} stepUrl={stepUrl} />}
      {!inSteps && save.resumeDock && (
        <div className="panel wizard-resume">
          <p>{t('resumeText')}</p>
          <button type="button" className="btn btn-secondary" onClick={() => show(save.resumeDock!.step, null)}>
            {t('continue')}
          </button>
        </div>
      )}

      <form
        className="wizard-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (step === 'review') void save.submit();
          else void save.move(steps[at + 1]);
        }}
      >
        {step === 'cause' && <CauseStep form={form} values={values} err={err} groups={groups} group={group} setGroup={setGroup} causes={causes} offerForOthers={signedIn && isFos && !draft} forOthers={save.forOthers} setForOthers={save.setForOthers} />}
        {step === 'beneficiary' && <BeneficiaryStep form={form} values={values} err={err} />}
        {step === 'medical' && <MedicalStep form={form} values={values} err={err} advanced={advanced} picked={picked} setPicked={setPicked} ownHospital={ownHospital} setOwnHospital={setOwnHospital} />}
        {step === 'owner' && <OwnerStep form={form} err={err} advanced={advanced} />}
        {step === 'story' && <StoryStep form={form} values={values} err={err} upload={draft ? media.upload : null} uploadError={media.mediaError.editor} />}
        {step === 'goal' && <GoalStep form={form} err={err} dates={dates} />}
        {step === 'images' && (uploadsNeedSignIn ? <SignInForMedia href={signInHref('images')} /> : <ImagesStep form={form} advanced={advanced} media={media} />)}
        {step === 'documents' && (uploadsNeedSignIn ? <SignInForMedia href={signInHref('documents')} /> : <DocumentsStep media={media} />)}
        {step === 'review' && (
          <ReviewStep form={form} values={values} err={err} advanced={advanced} signedIn={signedIn} steps={steps} picked={picked} cover={media.cover} causes={causes} group={group} documents={media.documents.length} missing={save.missing} edit={edit} signInHref={signInHref('review')} />
        )}

        <div aria-live="polite" className="wizard-live">
          {notice && <p className="field-error">{notice === t('signedOut') ? <a href={signInHref(step)}>{notice}</a> : notice}</p>}
          {saved && !notice && <p className="muted">{t('saved')}</p>}
        </div>

        <div className="wizard-actions">
          {at > 0 && (
            <button type="button" className="btn btn-secondary" disabled={save.busy} onClick={() => void save.move(steps[at - 1])}>
              {t('back')}
            </button>
          )}
          {!((step === 'images' || step === 'documents') && uploadsNeedSignIn) && !(step === 'review' && !signedIn) && (
            <button type="submit" className="btn btn-primary" disabled={save.busy || media.uploading !== null}>
              {save.busy ? t('saving') : step === 'review' ? (draft?.status === 'rejected' ? t('resubmit') : t('submit')) : t('next')}
            </button>
          )}
        </div>
      </form>
    </div>
  );
}
