'use client';
// What a lead form turns into once the team has it: thanks, what happens next, the lead's number to quote on the call.
import { useEffect, useRef } from 'react';
import { useTranslations } from 'next-intl';

/** The form's message group in LeadForms: its sentTitle, sentText and again. */
export type LeadKind = 'assistance' | 'callBack' | 'referral';

interface Props {
  kind: LeadKind;
  id: number;
  onAgain: () => void;
}

export function LeadSent({ kind, id, onAgain }: Props) {
  const t = useTranslations('LeadForms');
  const box = useRef<HTMLDivElement>(null);
  // the form the visitor was in is gone: the focus goes to what replaced it, so a screen reader reads it
  useEffect(() => box.current?.focus(), []);
  return (
    <div ref={box} className="lead-sent" role="status" tabIndex={-1} data-testid="lead-sent">
      <p className="lead-sent-title">{t(`${kind}.sentTitle`)}</p>
      <p>{t(`${kind}.sentText`)}</p>
      <p className="lead-sent-reference">
        {t('reference')} <bdi dir="ltr">#{id}</bdi>
      </p>
      <button type="button" className="btn btn-secondary" onClick={onAgain}>
        {t(`${kind}.again`)}
      </button>
    </div>
  );
}
