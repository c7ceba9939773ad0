'use client';
// What a lead form turns into once the team has it: thanks, what happens next, the lead's number to quote on the call.
import { useEffect, useRef } from 'react';
import { useTranslations } from 'next-intl';

interface Props {
  title: string;
  text: string;
  id: number;
  again: string;
  onAgain: () => void;
}

export function LeadSent({ title, text, id, again, onAgain }: Props) {
  const t = useTranslations('LeadForms');
  const box = useRef<HTMLDivElement>(null);
  // the form the visitor was in is gone: the focus goes to what replaced it, so a screen reader reads it
  useEffect(() => box.current?.focus(), []);
  return (
    <div ref={box} className="lead-sent" role="status" tabIndex={-1} data-testid="lead-sent">
      <p className="lead-sent-title">{title}</p>
      <p>{text}</p>
      <p className="lead-sent-reference">
        {t('reference')} <bdi dir="ltr">#{id}</bdi>
      </p>
      <button type="button" className="btn btn-secondary" onClick={onAgain}>
        {again}
      </button>
    </div>
  );
}
