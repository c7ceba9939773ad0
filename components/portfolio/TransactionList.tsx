'use client';
// The donor's transactions, newest first: the first page comes with the HTML, "show more" asks
// users/me/orders for the next. spec 8: an empty list reads 'No Transaction Found'.
import { useState } from 'react';
import type { OrderItem } from '@/lib/portfolio/queries';
import { formatMoney } from '@/lib/money';
import { formatDate } from '@/lib/portfolio/format';
import { storyPath } from '@/lib/routes';
import { AnonymousToggle, type AnonymousToggleLabels } from './AnonymousToggle';

export type TransactionLabels = Record<
  'heading' | 'empty' | 'showMore' | 'loadFailed' | 'viewReceipt' | 'receiptFor' | 'monthly' | 'statusSuccess' | 'statusPending' | 'statusFailed' | 'statusRefunded' | 'statusCreated' | 'refundedPart',
  string
>;

interface Props {
  initial: OrderItem[];
  hasMore: boolean;
  pageSize: number;
  locale: string;
  /** '' for en, '/hi' and so on: our links keep the page's language */
  localePrefix: string;
  labels: TransactionLabels;
  /** with these, each successful donation gets its show-or-hide-my-name switch */
  anonymousLabels?: AnonymousToggleLabels;
}

const STATUS_LABEL: Record<string, keyof TransactionLabels> = {
  success: 'statusSuccess',
  pending: 'statusPending',
  failed: 'statusFailed',
  refunded: 'statusRefunded',
  created: 'statusCreated',
};

export function TransactionList({ initial, hasMore, pageSize, locale, localePrefix, labels, anonymousLabels }: Props) {
  const [items, setItems] = useState(initial);
  const [page, setPage] = useState(1);
  const [more, setMore] = useState(hasMore);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function showMore() {
    setBusy(true);
    try {
      const r = await fetch(`/api/users/me/orders?page=${page + 1}&limit=${pageSize}&orderBy=creation_date&sortedBy=desc`, { credentials: 'same-origin' });
      if (!r.ok) return setFailed(true);
      const body = (await r.json()) as { data: OrderItem[]; meta: { pagination: { has_more: boolean } } };
      // an order settled meanwhile shifts the pages: never show one twice
      setItems((prev) => [...prev, ...body.data.filter((o) => !prev.some((p) => p.order_id === o.order_id))]);
      setPage((p) => p + 1);
      setMore(body.meta.pagination.has_more);
      setFailed(false);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  if (!items.length) {
    return (
      <p className="empty-state" data-testid="no-transactions">
        {labels.empty}
      </p>
    );
  }
  return (
    <>
      <ul className="txn-list" data-testid="transactions">
        {items.map((o) => (
          <li key={o.order_id} className="txn" data-testid="transaction">
            <div className="txn-main">
              <a href={`${localePrefix}${storyPath(o.fundraiser.custom_tag)}`} className="txn-title">
                {o.fundraiser.title}
              </a>
              <span className="muted">
                <time dateTime={o.created_at}>{formatDate(o.created_at, locale)}</time>
                {o.recurring && <> · {labels.monthly}</>}
              </span>
              {anonymousLabels && o.status === 'success' && <AnonymousToggle orderId={o.order_id} initial={o.is_anonymous} labels={anonymousLabels} />}
            </div>
            <div className="txn-side">
              <strong>{formatMoney(o.donated_amount_minor, o.currency, locale, { exact: true })}</strong>
              <span className={`status status-${o.status}`}>{labels[STATUS_LABEL[o.status] ?? 'statusPending']}</span>
              {o.status === 'success' && o.refunded_minor > 0 && (
                <span className="muted" data-testid="txn-refunded">
                  {labels.refundedPart.replace('{amount}', formatMoney(o.refunded_minor, o.currency, locale, { exact: true }))}
                </span>
              )}
              {o.receipt_url && (
                <a href={`${localePrefix}${o.receipt_url}`} aria-label={labels.receiptFor.replace('{number}', o.order_id)}>
                  {labels.viewReceipt}
                </a>
              )}
            </div>
          </li>
        ))}
      </ul>
      {failed && (
        <p className="field-error" role="alert">
          {labels.loadFailed}
        </p>
      )}
      {more && (
        <button type="button" className="btn btn-secondary" onClick={showMore} disabled={busy} aria-busy={busy}>
          {labels.showMore}
        </button>
      )}
    </>
  );
}
