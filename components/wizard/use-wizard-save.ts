// The wizard's saving: every move between steps saves (the draft when signed in, this browser's dock when not), the
// review sends the draft for review, and on arrival the agent's utm and a signed-out visitor's dock are taken up.
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import { PROOF_DOCUMENT_KINDS } from '@/lib/constants/fundraisers';
import { UTM_KEYS, type WizardStep } from '@/lib/validation/drafts';
import { checkStep, REVIEW_MESSAGES, type StepValues } from '@/lib/fundraisers/wizard';
import type { DraftView } from '@/lib/fundraisers/draft-view';
import { sendToApi, type ApiFailure } from '@/components/auth/client-session';
import { readDock, saveDockAsDraft, writeDock, type Dock } from './dock';
import type { Picked, Values } from './wizard-values';
import type { WizardMedia } from './use-wizard-media';

interface Options {
  form: UseFormReturn<Values>;
  draft: DraftView | null;
  setDraft: (draft: DraftView) => void;
  signedIn: boolean;
  advanced: boolean;
  inSteps: boolean;
  requestedStep: WizardStep | null;
  parent: number;
  picked: Picked;
  steps: WizardStep[];
  step: WizardStep;
  at: number;
  show: (next: WizardStep, draftId: number | null, how?: 'push' | 'replace') => void;
  stepUrl: (s: WizardStep, draftId: number | null) => string;
  heading: RefObject<HTMLHeadingElement | null>;
  media: WizardMedia;
  setNotice: (notice: string) => void;
  setSaved: (saved: boolean) => void;
  /** a signed-out visitor's dock fills the form again */
  answersFromDock: (dock: Dock) => void;
}

export function useWizardSave(o: Options) {
  const { form, draft, setDraft, signedIn, advanced, parent, picked, steps, step, at, show, media, setNotice, setSaved } = o;
  const { getValues, setError, clearErrors } = form;
  const t = useTranslations('Wizard');
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState<Record<string, string>>({});
  const [resumeDock, setResumeDock] = useState<Dock | null>(null);
  const [forOthers, setForOthers] = useState(false);
  const utm = useRef<Record<string, string>>({});

  // first visit: remember the agent's utm (spec 1, 6); a signed-out visitor's dock comes back; a signed-in one's becomes a draft
  useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    utm.current = Object.fromEntries(UTM_KEYS.flatMap((k) => (q.get(k) ? [[k, q.get(k)!.slice(0, 100)]] : [])));
    const dock = readDock();
    if (!dock) return;
    if (Object.keys(utm.current).length === 0 && dock.utm) utm.current = dock.utm;
    if (signedIn) {
      void saveDockAsDraft().then((made) => {
        if (made) window.location.assign(o.stepUrl(dock.step, made.id));
      });
      return;
    }
    o.answersFromDock(dock);
    if (o.inSteps && !o.requestedStep) show(dock.step, null, 'replace');
    // the dock lives in this browser's storage, known only after hydration
    // eslint-disable-next-line react-hooks/set-state-in-effect
    else if (!o.inSteps) setResumeDock(dock);
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
    if (step === 'images' && forward && !media.media.some((m) => m.kind === 'leaderboard')) return setNotice(REVIEW_MESSAGES.cover);
    const lacking = PROOF_DOCUMENT_KINDS.find((k) => !media.documents.some((d) => d.kind === k));
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
    media.takeSaved(r.data);
    // after show(), which clears the last step's status: the next step says this one was kept
    show(target, r.data.id);
    setSaved(true);
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
    requestAnimationFrame(() => o.heading.current?.focus());
  }

  return { busy, missing, resumeDock, forOthers, setForOthers, move, submit };
}
