'use client';
// Start a supporting fundraiser (spec 7): the supporter's title, story and goal; the rest is the parent's.
// It goes to review, so the answer is a "sent for review" notice, not its page.
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { paragraphsOf, SupportingFormSchema } from '@/lib/validation/supporting';
import type { SupportingView } from '@/lib/fundraisers/supporting-view';
import { Link } from '@/i18n/navigation';
import { sendToApi } from '@/components/auth/client-session';
import { Field } from '@/components/forms/Field';

/** sentText holds a {title} placeholder, filled with the title the supporter chose */
export type SupportingFormLabels = Record<'title' | 'story' | 'storyHint' | 'goal' | 'endDate' | 'endDateHint' | 'start' | 'starting' | 'failed' | 'sentHeading' | 'sentText' | 'back', string>;

type FormInput = z.input<typeof SupportingFormSchema>;
type FormValues = z.output<typeof SupportingFormSchema>;

interface Props {
  parentId: number;
  currency: string;
  defaults: { title: string; goal: number };
  labels: SupportingFormLabels;
  /** the parent's story page, where the notice leads back */
  parentHref: string;
}

export function SupportingForm({ parentId, currency, defaults, labels, parentHref }: Props) {
  const [notice, setNotice] = useState('');
  const [sent, setSent] = useState<SupportingView | null>(null);
  const sentHeading = useRef<HTMLHeadingElement>(null);
  // the form is gone: keyboard and screen reader users land on what happened
  useEffect(() => {
    if (sent) sentHeading.current?.focus();
  }, [sent]);
  const { register, handleSubmit, setError, formState } = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(SupportingFormSchema),
    defaultValues: { title: defaults.title, goal: defaults.goal, story: '', end_date: '' },
  });
  const err = (k: keyof FormValues) => formState.errors[k]?.message;

  async function start(values: FormValues) {
    setNotice('');
    const body = { title: values.title, story: paragraphsOf(values.story), goal: values.goal, ...(values.end_date ? { end_date: values.end_date } : {}) };
    const r = await sendToApi<SupportingView>('POST', `/api/fundraisers/${parentId}/supporting`, body);
    if (!r.ok) {
      for (const [k, m] of Object.entries(r.error.fields ?? {})) setError(k as keyof FormValues, { message: m }, { shouldFocus: true });
      return setNotice(r.error.fields ? '' : (r.error.message ?? labels.failed));
    }
    setSent(r.data);
  }

  if (sent)
    return (
      <div className="panel supporting-sent" role="status" data-testid="supporting-sent">
        <h2 ref={sentHeading} tabIndex={-1}>
          {labels.sentHeading}
        </h2>
        {/* the title keeps its own direction inside a sentence of another script (first strong isolate) */}
        <p>{labels.sentText.replace('{title}', `\u2068${sent.title}\u2069`)}</p>
        <p>
          <Link href={parentHref}>{labels.back}</Link>
        </p>
      </div>
    );

  return (
    <form className="panel supporting-form" onSubmit={handleSubmit(start)} noValidate>
      <Field id="supporting-title" label={labels.title} error={err('title')}>
        {(c) => <input {...c} autoComplete="off" {...register('title')} />}
      </Field>
      <Field id="supporting-story" label={labels.story} hint={labels.storyHint} error={err('story')}>
        {(c) => <textarea {...c} rows={6} {...register('story')} />}
      </Field>
      <div className="field-row">
        <Field id="supporting-goal" label={`${labels.goal} (${currency})`} error={err('goal')}>
          {(c) => <input {...c} inputMode="numeric" {...register('goal')} />}
        </Field>
        <Field id="supporting-end" label={labels.endDate} hint={labels.endDateHint} error={err('end_date')}>
          {(c) => <input {...c} type="date" {...register('end_date')} />}
        </Field>
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? labels.starting : labels.start}
      </button>
      <div aria-live="polite">{notice && <p className="field-error">{notice}</p>}</div>
    </form>
  );
}
