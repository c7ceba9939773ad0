'use client';
// The campaigner's rewards (spec 3, 7): the list with what is left, an add form, and remove: a reward donors chose is
// retired, shown here as no longer offered, and stays on their gifts.
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { RewardSchema, type RewardInput } from '@/lib/validation/rewards';
import type { RewardView } from '@/lib/fundraisers/rewards';
import { sendToApi } from '@/components/auth/client-session';
import { Field } from '@/components/forms/Field';
import { IMAGE_ACCEPT, uploadFundraiserImage } from '@/components/forms/image-file';

export type RewardsLabels = Record<'heading' | 'empty' | 'title' | 'description' | 'minAmount' | 'quantity' | 'quantityHint' | 'image' | 'imageHint' | 'uploading' | 'add' | 'adding' | 'remove' | 'left' | 'unlimited' | 'given' | 'failed' | 'retired' | 'retiredNotice', string>;

interface Props {
  fundraiserId: number;
  initial: RewardView[];
  labels: RewardsLabels;
  /** the reward's minimum as the page formats money */
  money: Record<number, string>;
  currency: string;
}

export function RewardsManager({ fundraiserId, initial, labels, money, currency }: Props) {
  const [list, setList] = useState(initial);
  const [notice, setNotice] = useState('');
  // a removal that retired the reward is no error: said beside the list, as news
  const [retiredNote, setRetiredNote] = useState('');
  const [uploading, setUploading] = useState(false);
  const [fileKey, setFileKey] = useState(0);
  const { register, control, handleSubmit, reset, setError, setValue, formState } = useForm<z.input<typeof RewardSchema>, unknown, RewardInput>({ resolver: zodResolver(RewardSchema) });
  const err = (k: keyof RewardInput) => formState.errors[k]?.message;

  const image = useWatch({ control, name: 'image' });

  // the picture is uploaded to the fundraiser first (as story pictures are); the reward names its path
  async function chooseImage(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    const r = await uploadFundraiserImage(fundraiserId, 'editor', file, labels.failed);
    setUploading(false);
    if ('error' in r) return setError('image', { message: r.error });
    setValue('image', r.media.variants?.card ?? r.media.path, { shouldValidate: true });
  }

  async function add(values: RewardInput) {
    setNotice('');
    const r = await sendToApi<RewardView>('POST', `/api/campaigns/${fundraiserId}/rewards`, { ...values, quantity: values.quantity || null, description: values.description || undefined });
    if (!r.ok) {
      for (const [k, m] of Object.entries(r.error.fields ?? {})) setError(k as keyof RewardInput, { message: m });
      return setNotice(r.error.fields ? '' : (r.error.message ?? labels.failed));
    }
    setList((l) => [...l, r.data].sort((a, b) => a.min_amount - b.min_amount));
    reset();
    setFileKey((k) => k + 1);
  }
  async function remove(id: number) {
    setNotice('');
    setRetiredNote('');
    const r = await sendToApi<{ deleted: boolean; reward?: RewardView }>('DELETE', `/api/campaigns/${fundraiserId}/rewards/${id}`);
    if (!r.ok) return setNotice(r.error.message ?? labels.failed);
    const retired = r.data?.deleted === false ? r.data.reward : undefined;
    setList((l) => (retired ? l.map((x) => (x.id === id ? retired : x)) : l.filter((x) => x.id !== id)));
    if (retired) setRetiredNote(labels.retiredNotice);
  }

  return (
    <section className="panel manage-block" aria-labelledby="rewards-heading">
      <h2 id="rewards-heading">{labels.heading}</h2>
      {list.length === 0 ? (
        <p className="muted">{labels.empty}</p>
      ) : (
        <ul className="reward-list" data-testid="reward-list">
          {list.map((r) => (
            <li key={r.id} className={r.retired ? 'reward-retired' : undefined} data-testid={`reward-${r.id}`}>
              <div>
                <strong>
                  <bdi>{r.title}</bdi>
                </strong>
                {r.retired && <span className="reward-retired-badge">{labels.retired}</span>}
                <span className="muted">
                  {money[r.id] ?? `${currency} ${r.min_amount}`} · {r.retired ? '' : `${r.left === null ? labels.unlimited : labels.left.replace('{count}', String(r.left))} · `}
                  {labels.given.replace('{count}', String(r.claimed))}
                </span>
              </div>
              {!r.retired && (
                <button type="button" className="btn btn-secondary" onClick={() => void remove(r.id)}>
                  {labels.remove}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div role="status">{retiredNote && <p className="field-hint reward-retired-note">{retiredNote}</p>}</div>
      <form className="reward-form" onSubmit={handleSubmit(add)} noValidate>
        <Field id="reward-title" label={labels.title} error={err('title')}>
          {(c) => <input {...c} autoComplete="off" {...register('title')} />}
        </Field>
        <Field id="reward-description" label={labels.description} error={err('description')}>
          {(c) => <textarea {...c} rows={2} {...register('description')} />}
        </Field>
        <div className="field-row">
          <Field id="reward-min" label={`${labels.minAmount} (${currency})`} error={err('min_amount')}>
            {(c) => <input {...c} inputMode="numeric" autoComplete="off" {...register('min_amount')} />}
          </Field>
          <Field id="reward-quantity" label={labels.quantity} hint={labels.quantityHint} error={err('quantity')}>
            {(c) => <input {...c} inputMode="numeric" autoComplete="off" {...register('quantity', { setValueAs: (v: string) => (v === '' ? null : v) })} />}
          </Field>
        </div>
        <Field id="reward-image" label={labels.image} hint={uploading ? labels.uploading : labels.imageHint} error={err('image')}>
          {(c) => <input {...c} key={fileKey} type="file" accept={IMAGE_ACCEPT} disabled={uploading} onChange={(e) => void chooseImage(e.target.files?.[0])} />}
        </Field>
        {/* eslint-disable-next-line @next/next/no-img-element -- the uploaded picture's own card size */}
        {image && <img className="reward-image-preview" src={image} alt="" width={160} height={90} />}
        <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting || uploading}>
          {formState.isSubmitting ? labels.adding : labels.add}
        </button>
        <div aria-live="polite">{notice && <p className="field-error">{notice}</p>}</div>
      </form>
    </section>
  );
}
