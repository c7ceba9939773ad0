// The story's "How funds are used": each approved withdrawal's date, amount and purpose. The page is cached
// and public, so it never knows who reads it: the bill is a link, and its route decides (donors and the fundraiser's people).
import { formatMoney } from '@/lib/money';
import type { StoryWithdrawal } from '@/lib/fundraisers/funds-used';

export interface FundsUsedLabels {
  heading: string;
  intro: string;
  none: string;
  /** "Withdrawn so far: {amount}", the amount filled in */
  total: (amount: string) => string;
  approvedOn: (date: string) => string;
  paidOn: (date: string) => string;
  document: string;
  documentNote: string;
}

export function FundsUsed({ withdrawals, currency, locale, labels }: { withdrawals: StoryWithdrawal[]; currency: string; locale: string; labels: FundsUsedLabels }) {
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const total = withdrawals.reduce((sum, w) => sum + w.amount_minor, 0);
  return (
    <section id="funds-used" aria-labelledby="funds-used-heading" className="story-section" data-testid="funds-used">
      <h2 id="funds-used-heading">{labels.heading}</h2>
      <p className="muted">{labels.intro}</p>
      {withdrawals.length === 0 ? (
        <p className="muted">{labels.none}</p>
      ) : (
        <>
          <p>
            <strong>{labels.total(formatMoney(total, currency, locale, { exact: true }))}</strong>
          </p>
          <ul className="story-list funds-used">
            {withdrawals.map((w) => (
              <li key={w.id} data-testid="funds-used-item">
                <p className="funds-used-head">
                  <strong>{formatMoney(w.amount_minor, w.currency, locale, { exact: true })}</strong>
                  <span className="muted">
                    <time dateTime={w.approved_at}>{labels.approvedOn(date.format(new Date(w.approved_at)))}</time>
                    {w.paid_at && (
                      <>
                        {' · '}
                        <time dateTime={w.paid_at}>{labels.paidOn(date.format(new Date(w.paid_at)))}</time>
                      </>
                    )}
                  </span>
                </p>
                <p dir="auto" className="funds-used-purpose">
                  {w.purpose}
                </p>
                <p>
                  <a href={w.document_url} rel="nofollow">
                    {labels.document}
                  </a>
                </p>
              </li>
            ))}
          </ul>
          <p className="muted">{labels.documentNote}</p>
        </>
      )}
    </section>
  );
}
