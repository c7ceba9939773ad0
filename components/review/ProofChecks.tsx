'use client';
// Before approving a medical fundraiser, the reviewer confirms a hospital the campaigner entered by
// hand (it then joins the list) and opens the medical estimate and the beneficiary's ID, then marks them checked.
import { useState } from 'react';
import { postJson } from '@/components/auth/client-session';

export type ProofLabels = Record<
  | 'heading'
  | 'hospital'
  | 'hospitalNew'
  | 'hospitalListed'
  | 'confirmHospital'
  | 'documents'
  | 'medical_estimate'
  | 'beneficiary_id'
  | 'missing'
  | 'open'
  | 'markChecked'
  | 'checked'
  | 'failed',
  string
>;

interface Props {
  fundraiserId: number;
  hospital: { name: string | null; city: string | null; confirmed: boolean } | null;
  documents: { id: number; kind: 'medical_estimate' | 'beneficiary_id' }[];
  checked: boolean;
  /** the reviewer may act (under review, not their own) */
  mayDecide: boolean;
  labels: ProofLabels;
}

const KINDS = ['medical_estimate', 'beneficiary_id'] as const;

export function ProofChecks({ fundraiserId, hospital, documents, checked: checkedAtFirst, mayDecide, labels }: Props) {
  const [confirmed, setConfirmed] = useState(hospital?.confirmed ?? true);
  const [checked, setChecked] = useState(checkedAtFirst);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');

  async function act(path: 'hospital' | 'documents') {
    setBusy(true);
    setFailure('');
    const r = await postJson(`/api/reviews/${fundraiserId}/${path}`, {});
    setBusy(false);
    if (!r.ok) return setFailure(r.error.message || labels.failed);
    if (path === 'hospital') setConfirmed(true);
    else setChecked(true);
  }

  const complete = KINDS.every((k) => documents.some((d) => d.kind === k));
  return (
    <section className="review-proof" aria-labelledby="proof-heading" data-testid="review-proof">
      <h3 id="proof-heading">{labels.heading}</h3>
      {hospital?.name && (
        <div className="proof-row">
          <p>
            <strong>{labels.hospital}</strong> <bdi>{hospital.name}</bdi>
            {hospital.city && (
              <>
                {' · '}
                <bdi>{hospital.city}</bdi>
              </>
            )}
          </p>
          <p className="muted" role="status">
            {confirmed ? labels.hospitalListed : labels.hospitalNew}
          </p>
          {!confirmed && mayDecide && (
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void act('hospital')}>
              {labels.confirmHospital}
            </button>
          )}
        </div>
      )}
      <div className="proof-row">
        <p>
          <strong>{labels.documents}</strong>
        </p>
        <ul>
          {KINDS.map((kind) => {
            const d = documents.find((x) => x.kind === kind);
            return (
              <li key={kind}>
                {d ? (
                  // reviewers only: the route answers 404 to anyone else
                  <a href={`/api/reviews/${fundraiserId}/documents/${d.id}`} target="_blank" rel="noopener noreferrer">
                    {labels.open.replace('{document}', labels[kind])}
                  </a>
                ) : (
                  <span className="muted">
                    {labels[kind]}: {labels.missing}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
        {checked ? (
          <p className="proof-done" role="status" data-testid="documents-checked">
            {labels.checked}
          </p>
        ) : (
          mayDecide &&
          complete && (
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void act('documents')}>
              {labels.markChecked}
            </button>
          )
        )}
      </div>
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
    </section>
  );
}
