'use client';
// The fundraiser wizard (issue 12): one form across the steps of spec 4's purpose; every step saves (the draft when
// signed in, the dock when not), the address says which step and draft, and coming back resumes where it stopped.
import { useCallback, useEffect, useRef, useState } from 'react';
import dynamic from 'next/dynamic';
import { useForm, useWatch } from 'react-hook-form';
import { useLocale, useTranslations } from 'next-intl';
import { BENEFICIARY_RELATIONS, CAUSE, HOSPITALISATION_STATUSES, ALL_MEDICAL_CAUSE_IDS, REFERRAL_OPTIONS, FUNDRAISER_TITLE_MAX, SHORT_DESCRIPTION_MAX, PROOF_DOCUMENT_KINDS, type ProofDocumentKind } from '@/lib/constants';
import { CURRENCY_CODES, formatMoney, toMinor } from '@/lib/money';
import { UTM_KEYS, WIZARD_STEPS, type WizardStep } from '@/lib/validation/drafts';
import { checkStep, purposeOf, stepOfField, stepsFor, REVIEW_MESSAGES, type CampaignPurpose, type StepValues } from '@/lib/fundraisers/wizard';
import type { DraftMedia, DraftView } from '@/lib/fundraisers/draft-view';
import type { ProofDocumentView } from '@/lib/fundraisers/proof';
import { sendToApi, type ApiFailure } from '@/components/auth/client-session';
import { Field } from '@/components/forms/Field';
import { IMAGE_ACCEPT, uploadFundraiserImage, uploadProofDocument } from '@/components/forms/image-file';
import type { PickerItem } from './SearchPicker';
import { readDock, saveDockAsDraft, writeDock, type Dock } from './dock';
import { storyEditorLabels } from './editor-labels';

// the pickers (downshift, swr) and the editor (TipTap) load with the steps that use them, not with the wizard
const SearchPicker = dynamic(() => import('./SearchPicker').then((m) => m.SearchPicker));
const StoryEditor = dynamic(() => import('./StoryEditor'), { ssr: false, loading: () => <div className="story-editor loading" aria-hidden /> });

import type { CauseGroup } from '@/lib/fundraisers/wizard';
export type { CauseGroup };
export interface CauseChoice {
  id: number;
  label: string;
}

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

type Values = Record<string, string>;
const GROUP_PARENT: Record<CauseGroup, number> = { medical: CAUSE.personalMedical, personal: CAUSE.personalMedical, ngo: CAUSE.ngo, creative: CAUSE.creative };
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

function groupOf(parent: number, cause: number, fallback: CauseGroup | null): CauseGroup | null {
  if (parent === CAUSE.ngo) return 'ngo';
  if (parent === CAUSE.creative) return 'creative';
  if (parent === CAUSE.personalMedical && cause !== parent) return (ALL_MEDICAL_CAUSE_IDS as readonly number[]).includes(cause) ? 'medical' : 'personal';
  return fallback;
}

function valuesOfDraft(d: DraftView | null): Values {
  if (!d) return {};
  return {
    parent_cause_id: str(d.parent_cause_id),
    cause_id: d.cause_id === d.parent_cause_id ? '' : str(d.cause_id),
    beneficiary_relation: str(d.beneficiary.relation),
    beneficiary_name: str(d.beneficiary.name),
    beneficiary_age: str(d.beneficiary.age),
    city: str(d.city),
    disease_id: str(d.disease.id),
    // a hospital entered by hand stays in its own fields until a reviewer confirms it (issue 31.1)
    hospital_id: d.hospital.confirmed ? str(d.hospital.id) : '',
    new_hospital_name: d.hospital.id && !d.hospital.confirmed ? str(d.hospital.name) : '',
    new_hospital_city: d.hospital.id && !d.hospital.confirmed ? str(d.hospital.city) : '',
    hospitalisation_status: str(d.hospitalisation_status),
    patient_number: str(d.patient_number),
    referral_option: str(d.referral_option),
    owner_qualification: str(d.owner.qualification),
    owner_occupation: str(d.owner.occupation),
    owner_salary: str(d.owner.salary),
    title: str(d.title),
    short_description: str(d.short_description),
    story: str(d.story_description.info_1),
    goal: d.goal > 0 ? str(d.goal) : '',
    currency: str(d.currency || 'INR'),
    end_date: str(d.end_date),
    about: str(d.about),
    brand_survey: str(d.brand_survey),
  };
}

const isStep = (s: string | null): s is WizardStep => (WIZARD_STEPS as readonly string[]).includes(s ?? '');

export function Wizard(props: WizardProps) {
  const { basePath, signInPage, groups, advanced, inSteps, signedIn, isFos, causes, dates } = props;
  const t = useTranslations('Wizard');
  const [draft, setDraft] = useState<DraftView | null>(props.draft);
  const [media, setMedia] = useState<DraftMedia[]>(props.draft?.media ?? []);
  const initialGroup = groupOf(props.draft?.parent_cause_id ?? 0, props.draft?.cause_id ?? 0, groups.length === 1 ? groups[0] : null);
  const [group, setGroup] = useState<CauseGroup | null>(initialGroup);
  const [picked, setPicked] = useState<{ disease: PickerItem | null; hospital: PickerItem | null }>({
    disease: props.draft?.disease.id ? { id: props.draft.disease.id, name: props.draft.disease.name ?? '' } : null,
    hospital: props.draft?.hospital.id && props.draft.hospital.confirmed ? { id: props.draft.hospital.id, name: props.draft.hospital.name ?? '' } : null,
  });
  const [ownHospital, setOwnHospital] = useState(Boolean(props.draft?.hospital.id && !props.draft.hospital.confirmed));
  const [documents, setDocuments] = useState<ProofDocumentView[]>(props.draft?.documents ?? []);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [saved, setSaved] = useState(false);
  const [missing, setMissing] = useState<Record<string, string>>({});
  const [resumeDock, setResumeDock] = useState<Dock | null>(null);
  const [forOthers, setForOthers] = useState(false);
  const utm = useRef<Record<string, string>>({});
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useForm<Values>({ defaultValues: { currency: 'INR', ...valuesOfDraft(props.draft) } });
  const { register, getValues, setValue, setError, clearErrors, reset, control, formState } = form;
  const values = useWatch({ control }) as Values;

  const parent = Number(values.parent_cause_id) || (group ? GROUP_PARENT[group] : 0);
  const cause = Number(values.cause_id) || parent;
  const purpose: CampaignPurpose = values.cause_id ? purposeOf({ parent_cause_id: parent, cause_id: cause }) : group === 'medical' ? 'medical' : group === 'ngo' ? 'ngo' : 'other';
  const steps = stepsFor(purpose);
  const firstStep = (): WizardStep => {
    if (!inSteps) return 'cause';
    if (props.requestedStep && steps.includes(props.requestedStep)) return props.requestedStep;
    const saved = props.draft?.step;
    return isStep(saved ?? null) && steps.includes(saved as WizardStep) ? (saved as WizardStep) : 'cause';
  };
  const [step, setStep] = useState<WizardStep>(firstStep);
  const at = steps.indexOf(step);

  const stepUrl = useCallback((s: WizardStep, draftId: number | null) => `${basePath}/form?${new URLSearchParams({ ...(draftId ? { draft: String(draftId) } : {}), step: s })}`, [basePath]);

  const show = useCallback(
    (next: WizardStep, draftId: number | null, how: 'push' | 'replace' = 'push') => {
      setStep(next);
      setNotice('');
      setSaved(false);
      const url = stepUrl(next, draftId);
      if (how === 'push') window.history.pushState(null, '', url);
      else window.history.replaceState(null, '', url);
      requestAnimationFrame(() => {
        window.scrollTo({ top: 0 });
        heading.current?.focus();
      });
    },
    [stepUrl],
  );

  // the browser's back and forward buttons move between steps
  useEffect(() => {
    const onPop = () => {
      const s = new URLSearchParams(window.location.search).get('step');
      setStep(isStep(s) ? s : 'cause');
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  // first visit: remember the agent's utm (spec 1, 6); a signed-out visitor's dock comes back; a signed-in one's becomes a draft
  useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    utm.current = Object.fromEntries(UTM_KEYS.flatMap((k) => (q.get(k) ? [[k, q.get(k)!.slice(0, 100)]] : [])));
    const dock = readDock();
    if (!dock) return;
    if (Object.keys(utm.current).length === 0 && dock.utm) utm.current = dock.utm;
    if (signedIn) {
      void saveDockAsDraft().then((made) => {
        if (made) window.location.assign(stepUrl(dock.step, made.id));
      });
      return;
    }
    reset({ currency: 'INR', ...Object.fromEntries(Object.entries(dock.fields).map(([k, v]) => [k, str(v)])), parent_cause_id: str(dock.parent_cause_id) });
    // the dock lives in this browser's storage, known only after hydration
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setGroup(groupOf(dock.parent_cause_id, Number(dock.fields.cause_id ?? 0), groups.length === 1 ? groups[0] : null));
    setOwnHospital(Boolean(dock.fields.new_hospital_name));
    setPicked({
      disease: dock.fields.disease_id && dock.names?.disease ? { id: dock.fields.disease_id, name: dock.names.disease } : null,
      hospital: dock.fields.hospital_id && dock.names?.hospital ? { id: dock.fields.hospital_id, name: dock.names.hospital } : null,
    });
    if (inSteps && !props.requestedStep) show(dock.step, null, 'replace');
    else if (!inSteps) setResumeDock(dock);
    // once, on arrival
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const showProblems = (problems: Record<string, string | undefined>) => {
    const entries = Object.entries(problems).filter((e): e is [string, string] => Boolean(e[1]));
    for (const [name, message] of entries) setError(name, { message });
    // the first field to fix gets the focus (radios: the first of the group)
    if (entries.length) requestAnimationFrame(() => (document.getElementById(entries[0][0]) ? document.getElementById(entries[0][0])!.focus() : form.setFocus(entries[0][0])));
  };

  const failed = (status: number, error: ApiFailure) => {
    if (status === 401) return setNotice(t('signedOut'));
    const fields = Object.fromEntries(Object.entries(error.fields ?? {}).map(([k, v]) => [k.replace(/^beneficiary_account\./, 'ba_'), v]));
    showProblems(fields);
    setNotice(error.message ?? t('failed'));
  };

  /** Saves the step's fields and moves on (or back). Forward needs the step's required fields; back keeps what is valid. */
  async function move(target: WizardStep) {
    clearErrors();
    setNotice('');
    const forward = steps.indexOf(target) > at;
    const { fields, problems } = checkStep(step, advanced, { ...(getValues() as StepValues), parent_cause_id: String(parent) });
    if (forward && Object.keys(problems).length) return showProblems(problems);
    if (step === 'images' && forward && !media.some((m) => m.kind === 'leaderboard')) return setNotice(REVIEW_MESSAGES.cover);
    const lacking = PROOF_DOCUMENT_KINDS.find((k) => !documents.some((d) => d.kind === k));
    if (step === 'documents' && forward && lacking) return setNotice(t(`documents.${lacking}Missing`));
    const keep = forward ? fields : Object.keys(problems).length ? {} : fields;
    if (!signedIn) {
      const dock = readDock();
      writeDock({
        parent_cause_id: parent,
        step: target,
        fields: { ...(dock?.fields ?? {}), ...keep },
        names: { disease: picked.disease?.name ?? dock?.names?.disease, hospital: picked.hospital?.name ?? dock?.names?.hospital },
        ...(Object.keys(utm.current).length ? { utm: utm.current } : {}),
      });
      return show(target, null);
    }
    setBusy(true);
    const beneficiary = forOthers
      ? { beneficiary_account: { full_name: getValues('ba_full_name'), ...(getValues('ba_email') ? { email: getValues('ba_email') } : {}), ...(getValues('ba_phone_1') ? { phone_1: getValues('ba_phone_1') } : {}) } }
      : {};
    const r = draft
      ? await sendToApi<DraftView>('PUT', `/api/campaigns/${draft.id}`, { ...keep, step: target })
      : await sendToApi<DraftView>('POST', '/api/campaigns', { parent_cause_id: parent, dock: { ...keep, step: target }, ...(Object.keys(utm.current).length ? { utm: utm.current } : {}), ...beneficiary });
    setBusy(false);
    if (!r.ok) return failed(r.status, r.error);
    setDraft(r.data);
    setMedia(r.data.media ?? []);
    setDocuments(r.data.documents);
    setSaved(true);
    show(target, r.data.id);
  }

  async function submit() {
    if (!draft) return;
    setBusy(true);
    setNotice('');
    const r = await sendToApi<DraftView>('PUT', `/api/campaigns/${draft.id}/publish`, {});
    setBusy(false);
    if (!r.ok) {
      setMissing(r.error.fields ?? {});
      return failed(r.status, { ...r.error, fields: undefined });
    }
    setMissing({});
    setDraft(r.data);
    requestAnimationFrame(() => heading.current?.focus());
  }

  // media (signed in, with a draft)
  const [mediaError, setMediaError] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState<string | null>(null);
  async function upload(kind: 'leaderboard' | 'beneficiary' | 'editor', file: File | undefined): Promise<DraftMedia | null> {
    if (!file || !draft) return null;
    setMediaError((e) => ({ ...e, [kind]: '' }));
    setUploading(kind);
    const r = await uploadFundraiserImage(draft.id, kind, file, t('failed'));
    setUploading(null);
    if ('error' in r) {
      setMediaError((e) => ({ ...e, [kind]: r.error }));
      return null;
    }
    setMedia((list) => [...(kind === 'leaderboard' ? list.filter((m) => m.kind !== 'leaderboard') : list), r.media]);
    return r.media;
  }
  async function uploadDocument(kind: ProofDocumentKind, file: File | undefined) {
    if (!file || !draft) return;
    setMediaError((e) => ({ ...e, [kind]: '' }));
    setUploading(kind);
    const r = await uploadProofDocument(draft.id, kind, file, t('failed'));
    setUploading(null);
    if ('error' in r) return setMediaError((e) => ({ ...e, [kind]: r.error }));
    setDocuments((list) => [...list.filter((d) => d.kind !== kind), r.document]);
    // "please add the estimate" no longer applies once it is there
    setNotice('');
  }
  async function removeMedia(m: DraftMedia) {
    if (!draft) return;
    const r = await sendToApi('DELETE', `/api/campaigns/${draft.id}/media/item/${m.id}`);
    if (r.ok) setMedia((list) => list.filter((x) => x.id !== m.id));
    else setMediaError((e) => ({ ...e, [m.kind]: r.error.message ?? t('failed') }));
  }
  async function saveVideo() {
    if (!draft) return;
    const r = await sendToApi<DraftMedia>('POST', `/api/campaigns/${draft.id}/youtube`, { url: getValues('video_url') });
    if (!r.ok) return setMediaError((e) => ({ ...e, video: r.error.fields?.url ?? r.error.message ?? t('failed') }));
    setMediaError((e) => ({ ...e, video: '' }));
    setMedia((list) => [...list.filter((m) => m.kind !== 'video'), r.data]);
  }

  const err = (name: string) => formState.errors[name]?.message as string | undefined;
  // issue 31: at the photos step the sign-in page says why, and starts with a code (no password)
  const signInHref = (s: WizardStep) => `${signInPage}?${new URLSearchParams({ redirect_uri: stepUrl(s, null), ...(s === 'images' ? { reason: 'photos' } : {}) })}`;
  const cover = media.find((m) => m.kind === 'leaderboard');
  const imageOf = (m: DraftMedia) => m.variants?.card ?? m.path;
  const editorLabels = storyEditorLabels(t);

  // a draft under review, or already live, is not edited here
  if (draft && (draft.status === 'under_review' || draft.status === 'live' || draft.status === 'ended')) {
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

      {!inSteps && signedIn && props.drafts.length > 0 && (
        <section className="wizard-drafts" aria-labelledby="drafts-heading">
          <h2 id="drafts-heading">{t('yourDrafts')}</h2>
          <ul>
            {props.drafts.map((d) => (
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
      )}
      {!inSteps && resumeDock && (
        <div className="panel wizard-resume">
          <p>{t('resumeText')}</p>
          <button type="button" className="btn btn-secondary" onClick={() => show(resumeDock.step, null)}>
            {t('continue')}
          </button>
        </div>
      )}

      <form
        className="wizard-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (step === 'review') void submit();
          else void move(steps[at + 1]);
        }}
      >
        {step === 'cause' && (
          <>
            {groups.length > 1 && (
              <fieldset className="choice-grid">
                <legend>{t('purposeLegend')}</legend>
                {groups.map((g) => (
                  <label key={g} className={`choice${group === g ? ' chosen' : ''}`}>
                    <input
                      type="radio"
                      name="group"
                      value={g}
                      checked={group === g}
                      onChange={() => {
                        setGroup(g);
                        setValue('parent_cause_id', String(GROUP_PARENT[g]));
                        setValue('cause_id', '');
                      }}
                    />
                    <span>
                      <strong>{t(`groups.${g}.title`)}</strong>
                      <span className="muted">{t(`groups.${g}.text`)}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
            )}
            {group && (
              <fieldset className="choice-grid compact" aria-describedby={err('cause_id') ? 'cause-error' : undefined}>
                <legend>{t('causeLegend')}</legend>
                {causes[group].map((c) => (
                  <label key={c.id} className={`choice${values.cause_id === String(c.id) ? ' chosen' : ''}`}>
                    <input type="radio" value={String(c.id)} {...register('cause_id', { onChange: () => setValue('parent_cause_id', String(GROUP_PARENT[group])) })} />
                    <span>{c.label}</span>
                  </label>
                ))}
                {err('cause_id') && (
                  <p id="cause-error" className="field-error" role="alert">
                    {err('cause_id')}
                  </p>
                )}
              </fieldset>
            )}
            {!group && err('cause_id') && (
              <p className="field-error" role="alert">
                {err('cause_id')}
              </p>
            )}
            {signedIn && isFos && !draft && (
              <fieldset className="wizard-fos">
                <legend>{t('fos.legend')}</legend>
                <label className="check">
                  <input type="checkbox" checked={forOthers} onChange={(e) => setForOthers(e.target.checked)} /> {t('fos.forOthers')}
                </label>
                {forOthers && (
                  <>
                    <Field id="ba_full_name" label={t('fos.name')} error={err('ba_full_name')}>
                      {(c) => <input {...c} autoComplete="off" {...register('ba_full_name')} />}
                    </Field>
                    <Field id="ba_email" label={t('fos.email')} error={err('ba_email')}>
                      {(c) => <input {...c} type="email" autoComplete="off" {...register('ba_email')} />}
                    </Field>
                    <Field id="ba_phone_1" label={t('fos.phone')} hint={t('fos.hint')} error={err('ba_phone_1')}>
                      {(c) => <input {...c} type="tel" inputMode="tel" autoComplete="off" {...register('ba_phone_1')} />}
                    </Field>
                  </>
                )}
              </fieldset>
            )}
          </>
        )}

        {step === 'beneficiary' && (
          <>
            <fieldset className="choice-grid compact" aria-describedby={err('beneficiary_relation') ? 'relation-error' : undefined}>
              <legend>{t('relationLegend')}</legend>
              {BENEFICIARY_RELATIONS.map((r) => (
                <label key={r} className={`choice${values.beneficiary_relation === r ? ' chosen' : ''}`}>
                  <input type="radio" value={r} {...register('beneficiary_relation')} />
                  <span>{t(`relation.${r}`)}</span>
                </label>
              ))}
              {err('beneficiary_relation') && (
                <p id="relation-error" className="field-error" role="alert">
                  {err('beneficiary_relation')}
                </p>
              )}
            </fieldset>
            <Field id="beneficiary_name" label={t('beneficiaryName')} error={err('beneficiary_name')}>
              {(c) => <input {...c} autoComplete="off" {...register('beneficiary_name')} />}
            </Field>
            <div className="field-row">
              <Field id="beneficiary_age" label={t('beneficiaryAge')} error={err('beneficiary_age')}>
                {(c) => <input {...c} inputMode="numeric" autoComplete="off" {...register('beneficiary_age')} />}
              </Field>
              <Field id="city" label={t('city')} error={err('city')}>
                {(c) => <input {...c} autoComplete="address-level2" {...register('city')} />}
              </Field>
            </div>
          </>
        )}

        {step === 'medical' && (
          <>
            <SearchPicker
              id="disease_id"
              label={t('disease')}
              source="/api/diseases"
              toItem={(r) => ({ id: Number(r.id), name: String(r.name) })}
              value={picked.disease}
              onChange={(item) => {
                setPicked((p) => ({ ...p, disease: item }));
                setValue('disease_id', item ? String(item.id) : '');
              }}
              placeholder={t('searchPlaceholder')}
              error={err('disease_id')}
              labels={{ loading: t('loading'), empty: t('noMatch'), failed: t('failed') }}
            />
            {ownHospital ? (
              <fieldset className="own-hospital" data-testid="own-hospital">
                <legend>{t('ownHospital.legend')}</legend>
                <p className="field-hint">{t('ownHospital.hint')}</p>
                <Field id="new_hospital_name" label={t('ownHospital.name')} error={err('new_hospital_name')}>
                  {(c) => <input {...c} autoComplete="off" {...register('new_hospital_name')} />}
                </Field>
                <Field id="new_hospital_city" label={t('ownHospital.city')} error={err('new_hospital_city')}>
                  {(c) => <input {...c} autoComplete="off" {...register('new_hospital_city')} />}
                </Field>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => {
                    setOwnHospital(false);
                    setValue('new_hospital_name', '');
                    setValue('new_hospital_city', '');
                  }}
                >
                  {t('ownHospital.backToList')}
                </button>
              </fieldset>
            ) : (
              <>
                <SearchPicker
                  id="hospital_id"
                  label={t('hospital')}
                  source="/api/hospitals"
                  toItem={(r) => ({ id: Number(r.id), name: String(r.name), detail: r.city ? String(r.city) : null })}
                  value={picked.hospital}
                  onChange={(item) => {
                    setPicked((p) => ({ ...p, hospital: item }));
                    setValue('hospital_id', item ? String(item.id) : '');
                  }}
                  placeholder={t('searchPlaceholder')}
                  hint={t('hospitalHint')}
                  error={err('hospital_id')}
                  labels={{ loading: t('loading'), empty: t('noMatch'), failed: t('failed') }}
                  after={
                    // issue 31.1: a hospital the list lacks no longer stops the fundraiser (the open list drops below this)
                    <button
                      type="button"
                      className="btn btn-secondary own-hospital-toggle"
                      onClick={() => {
                        setOwnHospital(true);
                        setPicked((p) => ({ ...p, hospital: null }));
                        setValue('hospital_id', '');
                        requestAnimationFrame(() => document.getElementById('new_hospital_name')?.focus());
                      }}
                    >
                      {t('ownHospital.toggle')}
                    </button>
                  }
                />
              </>
            )}
            <fieldset className="choice-grid compact" aria-describedby={err('hospitalisation_status') ? 'hs-error' : undefined}>
              <legend>{t('hospitalisationLegend')}</legend>
              {HOSPITALISATION_STATUSES.map((s) => (
                <label key={s} className={`choice${values.hospitalisation_status === s ? ' chosen' : ''}`}>
                  <input type="radio" value={s} {...register('hospitalisation_status')} />
                  <span>{t(`hospitalisation.${s}`)}</span>
                </label>
              ))}
              {err('hospitalisation_status') && (
                <p id="hs-error" className="field-error" role="alert">
                  {err('hospitalisation_status')}
                </p>
              )}
            </fieldset>
            <Field id="patient_number" label={t('patientNumber')} hint={t('patientNumberHint')} error={err('patient_number')}>
              {(c) => <input {...c} autoComplete="off" {...register('patient_number')} />}
            </Field>
            {advanced && (
              <Field id="referral_option" label={t('referralLabel')} error={err('referral_option')}>
                {(c) => (
                  <select {...c} {...register('referral_option')}>
                    <option value="">{t('chooseOne')}</option>
                    {REFERRAL_OPTIONS.map((o) => (
                      <option key={o} value={o}>
                        {t(`referral.${o}`)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            )}
          </>
        )}

        {step === 'owner' && (
          <>
            <Field id="owner_qualification" label={t('qualification')} error={err('owner_qualification')}>
              {(c) => <input {...c} autoComplete="off" {...register('owner_qualification')} />}
            </Field>
            <Field id="owner_occupation" label={t('occupation')} error={err('owner_occupation')}>
              {(c) => <input {...c} autoComplete="organization-title" {...register('owner_occupation')} />}
            </Field>
            {advanced && (
              <Field id="owner_salary" label={t('salary')} hint={t('salaryHint')} error={err('owner_salary')}>
                {(c) => <input {...c} inputMode="numeric" autoComplete="off" {...register('owner_salary')} />}
              </Field>
            )}
          </>
        )}

        {step === 'story' && (
          <>
            <Field id="title" label={t('title')} hint={t('titleHint', { count: (values.title ?? '').length, max: FUNDRAISER_TITLE_MAX })} error={err('title')}>
              {(c) => <input {...c} maxLength={FUNDRAISER_TITLE_MAX} autoComplete="off" {...register('title')} />}
            </Field>
            <Field id="short_description" label={t('shortDescription')} hint={t('counter', { count: (values.short_description ?? '').length, max: SHORT_DESCRIPTION_MAX })} error={err('short_description')}>
              {(c) => <textarea {...c} rows={2} maxLength={SHORT_DESCRIPTION_MAX} {...register('short_description')} />}
            </Field>
            <div className="field">
              <span className="field-label" id="story-label">
                {t('story')}
              </span>
              <p id="story-help" className="field-hint">
                {t('storyHint')}
              </p>
              <StoryEditor
                labelId="story-label"
                describedBy={['story-help', err('story') ? 'story-error' : ''].filter(Boolean).join(' ')}
                invalid={Boolean(err('story'))}
                value={getValues('story') ?? ''}
                onChange={(html) => setValue('story', html, { shouldDirty: true })}
                onImage={
                  draft
                    ? async (file) => {
                        const m = await upload('editor', file);
                        return m ? (m.variants?.story ?? m.path) : null;
                      }
                    : undefined
                }
                labels={editorLabels}
              />
              {(err('story') || mediaError.editor) && (
                <p id="story-error" className="field-error" role="alert">
                  {err('story') ?? mediaError.editor}
                </p>
              )}
            </div>
          </>
        )}

        {step === 'goal' && (
          <>
            <div className="field-row goal-row">
              <Field id="currency" label={t('currency')} error={err('currency')}>
                {(c) => (
                  <select {...c} {...register('currency')}>
                    {CURRENCY_CODES.map((code) => (
                      <option key={code} value={code}>
                        {code}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field id="goal" label={t('goal')} hint={t('goalHint')} error={err('goal')}>
                {(c) => <input {...c} inputMode="numeric" autoComplete="off" {...register('goal')} />}
              </Field>
            </div>
            <Field id="end_date" label={t('endDate')} hint={t('endDateHint')} error={err('end_date')}>
              {(c) => <input {...c} type="date" min={dates.min} max={dates.max} {...register('end_date')} />}
            </Field>
          </>
        )}

        {step === 'images' &&
          (!signedIn || !draft ? (
            <div className="panel wizard-signin">
              <p>{t('signInForImages')}</p>
              <a className="btn btn-primary btn-block" href={signInHref('images')}>
                {t('signInToContinue')}
              </a>
            </div>
          ) : (
            <>
              <section className="media-block" aria-labelledby="cover-heading">
                <h2 id="cover-heading">{t('cover')}</h2>
                <p className="muted">{t('coverHint')}</p>
                {cover && <Picture className="cover-preview" src={imageOf(cover)} alt={t('coverAlt')} width={600} height={338} />}
                <label className="btn btn-secondary file-button">
                  {uploading === 'leaderboard' ? t('uploading') : cover ? t('replaceCover') : t('addCover')}
                  <input type="file" accept={IMAGE_ACCEPT} className="visually-hidden" aria-describedby={mediaError.leaderboard ? 'cover-error' : undefined} onChange={(e) => void upload('leaderboard', e.target.files?.[0]).finally(() => (e.target.value = ''))} />
                </label>
                {mediaError.leaderboard && (
                  <p id="cover-error" className="field-error" role="alert">
                    {mediaError.leaderboard}
                  </p>
                )}
              </section>
              {advanced && (
                <>
                  <section className="media-block" aria-labelledby="photos-heading">
                    <h2 id="photos-heading">{t('photos')}</h2>
                    <ul className="thumbs">
                      {media
                        .filter((m) => m.kind === 'beneficiary')
                        .map((m, i) => (
                          <li key={m.id}>
                            <Picture src={imageOf(m)} alt={t('photoAlt', { n: i + 1 })} width={160} height={90} />
                            <button type="button" className="btn btn-secondary" onClick={() => void removeMedia(m)}>
                              {t('remove')}
                            </button>
                          </li>
                        ))}
                    </ul>
                    <label className="btn btn-secondary file-button">
                      {uploading === 'beneficiary' ? t('uploading') : t('addPhoto')}
                      <input type="file" accept={IMAGE_ACCEPT} className="visually-hidden" onChange={(e) => void upload('beneficiary', e.target.files?.[0]).finally(() => (e.target.value = ''))} />
                    </label>
                    {mediaError.beneficiary && (
                      <p className="field-error" role="alert">
                        {mediaError.beneficiary}
                      </p>
                    )}
                  </section>
                  <section className="media-block" aria-labelledby="video-heading">
                    <h2 id="video-heading">{t('video')}</h2>
                    <Field id="video_url" label={t('videoLabel')} hint={media.find((m) => m.kind === 'video') ? t('videoSaved') : undefined} error={mediaError.video || undefined}>
                      {(c) => <input {...c} type="url" inputMode="url" dir="ltr" placeholder="https://www.youtube.com/watch?v=…" {...register('video_url')} />}
                    </Field>
                    <button type="button" className="btn btn-secondary" onClick={() => void saveVideo()}>
                      {t('saveVideo')}
                    </button>
                  </section>
                </>
              )}
            </>
          ))}

        {step === 'documents' &&
          (!signedIn || !draft ? (
            <div className="panel wizard-signin">
              <p>{t('signInForImages')}</p>
              <a className="btn btn-primary btn-block" href={signInHref('documents')}>
                {t('signInToContinue')}
              </a>
            </div>
          ) : (
            <>
              <p className="wizard-private-note" data-testid="documents-private">
                {t('documents.private')}
              </p>
              {PROOF_DOCUMENT_KINDS.map((kind) => {
                const d = documents.find((x) => x.kind === kind);
                return (
                  <section key={kind} className="media-block" aria-labelledby={`${kind}-heading`}>
                    <h2 id={`${kind}-heading`}>{t(`documents.${kind}`)}</h2>
                    <p className="muted">{t(`documents.${kind}Hint`)}</p>
                    <p className={d ? 'document-added' : 'muted'} data-testid={`${kind}-state`}>
                      {d ? t('documents.added') : t('documents.notAdded')}
                    </p>
                    <label className="btn btn-secondary file-button">
                      {uploading === kind ? t('uploading') : d ? t(`documents.${kind}Replace`) : t(`documents.${kind}Add`)}
                      <input type="file" accept={IMAGE_ACCEPT} className="visually-hidden" aria-describedby={mediaError[kind] ? `${kind}-error` : undefined} onChange={(e) => void uploadDocument(kind, e.target.files?.[0]).finally(() => (e.target.value = ''))} />
                    </label>
                    {mediaError[kind] && (
                      <p id={`${kind}-error`} className="field-error" role="alert">
                        {mediaError[kind]}
                      </p>
                    )}
                  </section>
                );
              })}
            </>
          ))}

        {step === 'review' && (
          <>
            <dl className="review-list">
              {steps
                .filter((s) => s !== 'review')
                .map((s) => (
                  <div key={s}>
                    <dt>{t(`steps.${s}.title`)}</dt>
                    <dd>
                      <ReviewLine step={s} values={values} picked={picked} cover={cover} causes={causes} group={group} t={t} imageOf={imageOf} documents={documents.length} />
                      <button type="button" className="link-button" onClick={() => show(s, draft?.id ?? null)}>
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
                          <button type="button" className="link-button" onClick={() => show(s, draft?.id ?? null)}>
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
              <a className="btn btn-primary btn-block" href={signInHref('review')}>
                {t('signInToContinue')}
              </a>
            )}
          </>
        )}

        <div aria-live="polite" className="wizard-live">
          {notice && <p className="field-error">{notice === t('signedOut') ? <a href={signInHref(step)}>{notice}</a> : notice}</p>}
          {saved && !notice && <p className="muted">{t('saved')}</p>}
        </div>

        <div className="wizard-actions">
          {at > 0 && (
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void move(steps[at - 1])}>
              {t('back')}
            </button>
          )}
          {!((step === 'images' || step === 'documents') && (!signedIn || !draft)) && !(step === 'review' && !signedIn) && (
            <button type="submit" className="btn btn-primary" disabled={busy || uploading !== null}>
              {busy ? t('saving') : step === 'review' ? (draft?.status === 'rejected' ? t('resubmit') : t('submit')) : t('next')}
            </button>
          )}
        </div>
      </form>
    </div>
  );
}

/** A draft's own upload, shown as stored (already resized by the server) before it is public. */
function Picture({ alt, ...props }: React.ImgHTMLAttributes<HTMLImageElement> & { alt: string }) {
  // eslint-disable-next-line @next/next/no-img-element -- the draft's uploads are resized variants; width and height are always set
  return <img alt={alt} {...props} />;
}

interface ReviewLineProps {
  step: WizardStep;
  values: Values;
  picked: { disease: PickerItem | null; hospital: PickerItem | null };
  cover: DraftMedia | undefined;
  causes: Record<CauseGroup, CauseChoice[]>;
  group: CauseGroup | null;
  t: ReturnType<typeof useTranslations<'Wizard'>>;
  imageOf: (m: DraftMedia) => string;
  documents: number;
}

/** One step's answers in the review's summary. */
function ReviewLine({ step, values, picked, cover, causes, group, t, imageOf, documents }: ReviewLineProps) {
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
