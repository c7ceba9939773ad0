'use client';
// Contact-us lead form: one zod schema for the form and the API, spec 5 messages under each field.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ContactFormSchema, type ContactFormInput } from '@/lib/validation/lead';
import { Field } from './Field';

interface Labels {
  name: string;
  email: string;
  phone: string;
  about: string;
  submit: string;
  sending: string;
  sent: string;
  failed: string;
}

export function ContactForm({ labels, page = 'contact-us' }: { labels: Labels; page?: string }) {
  const [status, setStatus] = useState<'idle' | 'sent' | 'failed'>('idle');
  const [serverError, setServerError] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormInput>({ resolver: zodResolver(ContactFormSchema), defaultValues: { extension: '+91', page } });

  async function onSubmit(values: ContactFormInput) {
    setStatus('idle');
    const r = await fetch('/api/leads', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(values) }).catch(() => null);
    if (r?.ok) {
      reset();
      return setStatus('sent');
    }
    const body = (await r?.json().catch(() => null)) as { error?: { message?: string; fields?: Record<string, string> } } | null;
    for (const [field, message] of Object.entries(body?.error?.fields ?? {})) setError(field as keyof ContactFormInput, { message });
    setServerError(body?.error?.message ?? labels.failed);
    setStatus('failed');
  }

  const field = (name: 'name' | 'email' | 'phone', label: string, type: string, autoComplete: string) => (
    <Field id={`lead-${name}`} label={label} error={errors[name]?.message}>
      {(c) => <input {...c} type={type} autoComplete={autoComplete} {...register(name)} />}
    </Field>
  );

  return (
    <form className="panel contact-form" onSubmit={handleSubmit(onSubmit)} noValidate>
      {field('name', labels.name, 'text', 'name')}
      {field('email', labels.email, 'email', 'email')}
      {field('phone', labels.phone, 'tel', 'tel')}
      <Field id="lead-about" label={labels.about} error={errors.about?.message}>
        {(c) => <textarea {...c} rows={4} {...register('about')} />}
      </Field>
      <button className="btn btn-primary" type="submit" disabled={isSubmitting}>
        {isSubmitting ? labels.sending : labels.submit}
      </button>
      <p role="status" aria-live="polite">
        {status === 'sent' && labels.sent}
        {status === 'failed' && <span className="field-error">{serverError}</span>}
      </p>
    </form>
  );
}
