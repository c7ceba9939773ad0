'use client';
// The thank-you page offers the insurance plans, never pre-selected: nothing is chosen until the donor picks
// a plan, and only then does the way on name it (the plans page otherwise, with nothing chosen there either).
import { useId, useState } from 'react';

export interface OfferedPlan {
  plan_id: string;
  name: string;
  /** the premium and how often, written out in the page's language ("₹799 a year") */
  price: string;
}

interface Props {
  plans: OfferedPlan[];
  /** the plans page, in the page's language (/insurance, /hi/insurance) */
  plansHref: string;
  labels: { title: string; text: string; legend: string; choose: string; all: string };
}

export function InsuranceOffer({ plans, plansHref, labels }: Props) {
  const [picked, setPicked] = useState<string | null>(null);
  const id = useId();
  return (
    <section className="panel thank-you-section insurance-offer" aria-labelledby={`${id}-title`} data-testid="insurance-offer">
      <h2 id={`${id}-title`}>{labels.title}</h2>
      <p>{labels.text}</p>
      <fieldset className="insurance-form">
        <legend>{labels.legend}</legend>
        <div className="plan-grid">
          {plans.map((p) => (
            <label key={p.plan_id} className={`plan-tile${picked === p.plan_id ? ' selected' : ''}`}>
              <input type="radio" name={`${id}-plan`} value={p.plan_id} checked={picked === p.plan_id} onChange={() => setPicked(p.plan_id)} />
              <span className="plan-name">
                <bdi>{p.name}</bdi>
              </span>
              <span className="plan-price">
                <bdi>{p.price}</bdi>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <p className="offer-actions">
        {picked && (
          <a className="btn btn-secondary" href={`${plansHref}?${new URLSearchParams({ plan: picked })}`} data-testid="insurance-offer-continue">
            {labels.choose}
          </a>
        )}
        <a href={plansHref}>{labels.all}</a>
      </p>
    </section>
  );
}
