'use client';
// One SIP as its donor manages it, in two taps: a tap opens the change (amount, pause, skip, payment method,
// cancel, resume), a second confirms it. Signed in it calls PUT subscriptions/{id}(/pledge); opened from a signed email
// link it shows only that link's change and posts the link's token instead. What the server answers is what it shows.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { sendToApi } from '@/components/auth/client-session';
import type { SubscriptionItem } from '@/lib/portfolio/queries';
import type { SipLinkAction } from '@/lib/validation/sip-manage';
import { formatMoney, toMinor } from '@/lib/money';
import { formatDate } from '@/lib/portfolio/format';
import { isLiveSip, isPaymentDueSoon, sipStatusOf, SIP_STATUS } from '@/lib/sip/status';
import { addSipMonths, paymentPeriod } from '@/lib/sip/calendar';
import { isSipCause, isSipCurrency, isSipUpiHandle, roundSipAmount, SIP_UPI_HANDLE_LIST, sipMinimumMajor } from '@/lib/sip/rules';
import { isolateLtr } from '@/lib/i18n/bidi';
import { SIP_CANCEL_REASON_MAX, SIP_MANDATE_HEADROOM, SIP_MANDATE_LAPSE_DAYS, SIP_PAUSE_MONTHS_MAX, SIP_PAUSE_MONTHS_MIN } from '@/lib/constants/sip';

type Panel = 'amount' | 'pause' | 'skip' | 'method' | 'cancel' | 'resume';
type Method = 'Emandate' | 'UPIRECURRING' | 'CARD';
type HeldMandate = NonNullable<SubscriptionItem['mandate']>;

const PANEL_OF: Record<SipLinkAction, Panel> = { lower: 'amount', pause: 'pause', skip: 'skip', change_method: 'method', cancel: 'cancel', resume: 'resume' };
const ACTION_OF: Record<Exclude<Panel, 'amount'>, string> = { pause: 'pause', skip: 'skip', method: 'change_method', cancel: 'cancel', resume: 'resume' };
const STATUS_KEY = { active: 'statusActive', paused: 'statusPaused', stopped: 'statusStopped' } as const;
const PAUSE_MONTHS = Array.from({ length: SIP_PAUSE_MONTHS_MAX - SIP_PAUSE_MONTHS_MIN + 1 }, (_, i) => SIP_PAUSE_MONTHS_MIN + i);
// what a typed amount may look like before it is a number (two decimals at most)
const AMOUNT_TEXT = /^\d{1,12}(?:\.\d{1,2})?$/;

interface Answer {
  subscription: SubscriptionItem;
  authoriseUrl?: string;
  /** use_mandate: every SIP of the donor after the move */
  subscriptions?: SubscriptionItem[];
}

/** Which changes a SIP in this state offers (the server refuses the others all the same). */
function offered(sip: SubscriptionItem): Panel[] {
  const f = sip.status_flag;
  if (f === SIP_STATUS.cancelled || f === SIP_STATUS.lapsed) return [];
  const next = sip.next_payment_date;
  const skippable = f === SIP_STATUS.active && next !== null && sip.skip_period !== paymentPeriod(next);
  const pausable = f === SIP_STATUS.active || (f === SIP_STATUS.pausedByDonor && sip.paused_until !== null);
  return [
    'amount',
    ...(pausable ? (['pause'] as const) : []),
    ...(f === SIP_STATUS.pausedByDonor ? (['resume'] as const) : []),
    ...(skippable ? (['skip'] as const) : []),
    'method',
    'cancel',
  ];
}

export interface SipActionsProps {
  sip: SubscriptionItem;
  locale: string;
  /** the server's clock when the page was made, so the due-soon notice reads the same on both sides */
  now: string;
  /** opened from a signed email link: only its change, sent with its token, no session */
  link?: { token: string; action: SipLinkAction };
  /** the donor's other SIPs, which the method-change panel names: they move with this one only when ticked */
  others?: SubscriptionItem[];
  /** a move changed several SIPs: the donor's SIPs as the server now has them */
  onSipsChanged?: (sips: SubscriptionItem[]) => void;
}

export function SipActions({ sip: initial, locale, now, link, others = [], onSipsChanged }: SipActionsProps) {
  const t = useTranslations('SipManage');
  const ts = useTranslations('Sip');
  const [sip, setSip] = useState(initial);
  // a refreshed list (after a move changed several SIPs) brings this SIP as the server now has it
  const [given, setGiven] = useState(initial);
  if (given !== initial) {
    setGiven(initial);
    setSip(initial);
  }
  const [open, setOpen] = useState<Panel | null>(link ? PANEL_OF[link.action] : null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; offerMethod?: boolean } | null>(null);
  const [done, setDone] = useState('');
  const [amount, setAmount] = useState('');
  const [months, setMonths] = useState(SIP_PAUSE_MONTHS_MIN);
  const [reason, setReason] = useState('');
  const inr = sip.currency === 'INR';
  const methods: Method[] = inr ? ['Emandate', 'UPIRECURRING', 'CARD'] : ['CARD'];
  const [method, setMethod] = useState<Method>(methods[0]);
  const [vpa, setVpa] = useState('');
  // a new payment method, or one the donor already uses (a mandate id); and the other SIPs ticked to move with it
  const [target, setTarget] = useState<'new' | number>('new');
  const [also, setAlso] = useState<number[]>([]);
  const id = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const triggers = useRef<Partial<Record<Panel, HTMLButtonElement | null>>>({});

  // the first field (or the confirm button) of a panel takes the focus as it opens; a link's page opens with it in view
  useEffect(() => {
    if (!open || link) return;
    panelRef.current?.querySelector<HTMLElement>('input, textarea, button')?.focus();
  }, [open, link]);

  const money = (minor: number) => formatMoney(minor, sip.currency, locale, { exact: true });
  const date = (value: string) => formatDate(value, locale);
  const status = sipStatusOf(sip.status_flag);
  const next = sip.next_payment_date;
  const skipping = next !== null && sip.skip_period === paymentPeriod(next);
  const showsNext = next !== null && (sip.status_flag === SIP_STATUS.active || (sip.status_flag === SIP_STATUS.pausedByDonor && sip.paused_until !== null));
  const dueSoon = sip.status_flag === SIP_STATUS.active && !skipping && isPaymentDueSoon(next, new Date(now));
  // a pause without an end is the charge run's, after the last failed try (lib/sip/settled.ts)
  const stoppedAfterFailures = sip.status_flag === SIP_STATUS.pausedByDonor && sip.paused_until === null;
  const causeName = (slug: string) => (isSipCause(slug) ? ts(`causes.${slug}`) : slug);
  const causes = sip.lines.length ? sip.lines.map((l) => causeName(l.sip_cause ?? sip.sip_cause)) : [causeName(sip.sip_cause)];

  // the amount as it will be charged (spec 5 rounding), shown before saving
  const typed = amount.trim();
  const entered = AMOUNT_TEXT.test(typed) ? Number(typed) : null;
  const roundedMinor = entered && entered > 0 ? toMinor(roundSipAmount(entered)) : null;
  const minimumMinor = isSipCurrency(sip.currency) ? toMinor(sipMinimumMajor(sip.currency)) : 0;
  const aboveMandate = roundedMinor !== null && sip.mandate !== null && roundedMinor > sip.mandate.max_amount_minor;

  // what the method-change panel offers and what the chosen method would pay each month, all named
  const nameOf = (s: SubscriptionItem) => s.campaign?.title ?? (s.lines.length ? s.lines.map((l) => causeName(l.sip_cause ?? s.sip_cause)) : [causeName(s.sip_cause)]).join(', ');
  const mine = link ? [sip] : [sip, ...others.filter((o) => o.id !== sip.id)];
  const sameKind = mine.filter((s) => s.currency === sip.currency && isLiveSip(s.status_flag));
  const held: HeldMandate[] = [];
  for (const s of sameKind) if (s.mandate?.status === 'active' && s.mandate.id !== sip.mandate?.id && !held.some((m) => m.id === s.mandate!.id)) held.push(s.mandate);
  const heldTarget = typeof target === 'number' ? (held.find((m) => m.id === target) ?? null) : null;
  const movable = sameKind.filter((s) => s.id !== sip.id && (!heldTarget || s.mandate?.id !== heldTarget.id));
  const moving = [sip, ...movable.filter((s) => also.includes(s.id))];
  // this SIP and those ticked first, then those the method already pays
  const pays = [...moving, ...(heldTarget ? sameKind.filter((s) => s.mandate?.id === heldTarget.id) : [])];
  const payTotalMinor = pays.reduce((n, s) => n + s.amount_minor, 0);
  const capMinor = heldTarget ? heldTarget.max_amount_minor : moving.reduce((n, s) => n + s.amount_minor, 0) * SIP_MANDATE_HEADROOM;
  const overCap = heldTarget !== null && payTotalMinor > capMinor;
  const alsoIds = movable.filter((s) => also.includes(s.id)).map((s) => s.id);

  function toggle(panel: Panel) {
    setError(null);
    setDone('');
    setOpen((current) => (current === panel ? null : panel));
  }

  function close() {
    const was = open;
    setOpen(null);
    setError(null);
    if (was) triggers.current[was]?.focus();
  }

  function amountProblem(): string | null {
    if (roundedMinor === null) return t('amountInvalid');
    if (roundedMinor === sip.amount_minor) return t('amountSame');
    if (link && roundedMinor > sip.amount_minor) return t('amountNotLower');
    // spec 9: each cause keeps at least the minimum (a SIP that already gave less may still be raised)
    const causesCount = Math.max(1, sip.lines.length);
    if (roundedMinor < sip.amount_minor && roundedMinor < minimumMinor * causesCount) return t('amountMinimum', { amount: money(minimumMinor) });
    if (aboveMandate) return t('aboveMandate', { amount: money(sip.mandate!.max_amount_minor) });
    return null;
  }

  async function send(panel: Panel) {
    setError(null);
    setDone('');
    const problem =
      panel === 'amount'
        ? amountProblem()
        : panel === 'method' && overCap
          ? t('methodOverCap', { total: money(payTotalMinor), cap: money(capMinor) })
          : panel === 'method' && !heldTarget && method === 'UPIRECURRING' && !isSipUpiHandle(vpa)
            ? t('vpaInvalid', { handles: isolateLtr(SIP_UPI_HANDLE_LIST) })
            : null;
    if (problem) return setError({ text: problem, offerMethod: panel === 'amount' && aboveMandate });
    const body: Record<string, unknown> =
      panel === 'amount'
        ? { amount: typed }
        : panel === 'method' && heldTarget
          ? { action: 'use_mandate', mandate_id: heldTarget.id, ...(alsoIds.length ? { also: alsoIds } : {}) }
          : {
              action: ACTION_OF[panel],
              ...(panel === 'pause' ? { months } : {}),
              ...(panel === 'cancel' && reason.trim() ? { reason: reason.trim() } : {}),
              ...(panel === 'method' ? { method, ...(method === 'UPIRECURRING' ? { vpa: vpa.trim() } : {}), ...(alsoIds.length ? { also: alsoIds } : {}) } : {}),
            };
    setBusy(true);
    // spec 7 increase pledge only raises; a lower amount is the lower action (of the SIP, or of the signed link)
    const lowering = panel === 'amount' && roundedMinor !== null && roundedMinor < sip.amount_minor;
    const r = link
      ? await sendToApi<Answer>('POST', '/api/sip/links', { token: link.token, ...(panel === 'amount' ? { action: 'lower' } : {}), ...body })
      : panel === 'amount' && !lowering
        ? await sendToApi<Answer>('PUT', `/api/subscriptions/${sip.id}/pledge`, body)
        : await sendToApi<Answer>('PUT', `/api/subscriptions/${sip.id}`, lowering ? { action: 'lower', ...body } : body);
    if (!r.ok) {
      setBusy(false);
      // a raise past the mandate's limit (409) needs a new payment method: offer it right there
      return setError({ text: r.error.message || t('failed'), offerMethod: panel === 'amount' && r.status === 409 });
    }
    if (panel === 'method' && r.data.authoriseUrl) {
      setDone(t('doneMethod'));
      window.location.assign(r.data.authoriseUrl);
      return;
    }
    setBusy(false);
    const s = r.data.subscription;
    setSip(s);
    setAmount('');
    setReason('');
    setOpen(null);
    if (panel === 'method') {
      // other SIPs moved too: the list shows them as they now are
      setTarget('new');
      setAlso([]);
      if (r.data.subscriptions) onSipsChanged?.(r.data.subscriptions);
    }
    setDone(
      panel === 'method'
        ? t('doneUseMethod')
        : panel === 'amount'
        ? t('doneAmount', { amount: formatMoney(s.amount_minor, s.currency, locale, { exact: true }) })
        : panel === 'pause'
          ? t('donePause', { date: s.paused_until ? date(s.paused_until) : '' })
          : panel === 'skip'
            ? t('doneSkip', { date: next ? date(next) : '' })
            : panel === 'cancel'
              ? t('doneCancel')
              : t('doneResume'),
    );
  }

  const panels = link ? (done ? [] : [PANEL_OF[link.action]]) : offered(sip);
  // under the SIP's h3 in a list; the link page's own change sits right under its h1
  const Title = link ? 'h2' : 'h4';
  const label = (panel: Panel) => t(`open.${panel}`);

  return (
    <div className="sip-manage">
      <dl className="facts">
        <div>
          <dt>{ts('cause')}</dt>
          <dd>{causes.join(', ')}</dd>
        </div>
        <div>
          <dt>{ts('amount')}</dt>
          <dd>{ts('monthly', { amount: money(sip.amount_minor) })}</dd>
        </div>
        <div>
          <dt>{ts('status')}</dt>
          <dd>
            <span className={`status status-${status}`}>{ts(STATUS_KEY[status])}</span>
          </dd>
        </div>
        <div>
          <dt>{ts('nextPayment')}</dt>
          <dd>
            {showsNext ? (
              <>
                <time dateTime={next!}>{date(next!)}</time>
                {dueSoon && <span className="badge due-soon">{ts('dueSoon')}</span>}
              </>
            ) : (
              ts('noDate')
            )}
          </dd>
        </div>
      </dl>

      {dueSoon && (
        <p className="sip-notice" data-testid="sip-upcoming">
          {t('upcoming', { amount: money(sip.amount_minor), date: date(next!) })}
        </p>
      )}
      {skipping && sip.status_flag === SIP_STATUS.active && <p className="sip-notice">{t('skipping', { date: date(next!) })}</p>}
      {sip.status_flag === SIP_STATUS.pausedByDonor && sip.paused_until && <p className="sip-notice">{t('pausedUntil', { date: date(sip.paused_until) })}</p>}
      {sip.status_flag === SIP_STATUS.awaitingMandate && <p className="sip-notice sip-notice-warning">{t('needsMethod')}</p>}
      {sip.status_flag === SIP_STATUS.lapsed && <p className="sip-notice">{t('lapsed', { days: SIP_MANDATE_LAPSE_DAYS })}</p>}
      {sip.status_flag === SIP_STATUS.paymentFailing && <p className="sip-notice sip-notice-warning">{t('failing')}</p>}
      {stoppedAfterFailures && <p className="sip-notice sip-notice-warning">{t('stoppedAfterFailures')}</p>}

      {!link && panels.length > 0 && (
        <div className="sip-action-buttons" role="group" aria-label={t('actionsLabel')}>
          {panels.map((panel) => (
            <button
              key={panel}
              ref={(el) => {
                triggers.current[panel] = el;
              }}
              type="button"
              className={`btn btn-secondary${panel === 'cancel' ? ' sip-cancel-button' : ''}`}
              aria-expanded={open === panel}
              aria-controls={open === panel ? `${id}-panel` : undefined}
              onClick={() => toggle(panel)}
            >
              {label(panel)}
            </button>
          ))}
        </div>
      )}

      {open && panels.includes(open) && (
        <div
          ref={panelRef}
          id={`${id}-panel`}
          className="sip-panel"
          role="group"
          aria-labelledby={`${id}-title`}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && !link) close();
          }}
        >
          <Title id={`${id}-title`} className="sip-panel-title">
            {link ? t(`linkTitle.${open}`) : label(open)}
          </Title>
          <form
            className="sip-form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void send(open);
            }}
          >
            {open === 'amount' && (
              <div className="field">
                <label htmlFor={`${id}-amount`}>{t('amountLabel', { currency: sip.currency })}</label>
                <input
                  id={`${id}-amount`}
                  name="amount"
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  value={amount}
                  onChange={(e) => {
                    setAmount(e.target.value);
                    // an error speaks of the amount it refused: a new amount is judged afresh (never a red error beside a green result)
                    setError(null);
                  }}
                  aria-describedby={`${id}-amount-hint ${id}-rounded`}
                  aria-invalid={error ? true : undefined}
                />
                <p id={`${id}-amount-hint`} className="field-hint">
                  {t('amountHint', { current: money(sip.amount_minor), minimum: money(minimumMinor) })}
                </p>
                <p id={`${id}-rounded`} className="sip-rounded" aria-live="polite">
                  {/* the result only for an amount that can be saved: never "Lowered to ₹50" beside the error that refuses it */}
                  {roundedMinor !== null && !amountProblem() ? t(roundedMinor > sip.amount_minor ? 'roundedRaise' : 'roundedLower', { amount: money(roundedMinor) }) : ''}
                </p>
                {aboveMandate && <p className="field-hint">{t('aboveMandate', { amount: money(sip.mandate!.max_amount_minor) })}</p>}
              </div>
            )}

            {open === 'pause' && (
              <fieldset className="sip-choices">
                <legend>{t('pauseLegend')}</legend>
                {PAUSE_MONTHS.map((m) => (
                  <label key={m} className="sip-choice">
                    <input type="radio" name={`${id}-months`} value={m} checked={months === m} onChange={() => setMonths(m)} /> {t('months', { months: m })}
                  </label>
                ))}
                <p className="field-hint">{t('pauseHint', { date: date(addSipMonths(new Date(now), months).toISOString()) })}</p>
              </fieldset>
            )}

            {open === 'skip' && next && <p>{t('skipText', { date: date(next), amount: money(sip.amount_minor) })}</p>}

            {open === 'resume' && <p>{t('resumeText')}</p>}

            {open === 'method' && (
              <>
                {held.length > 0 && (
                  <fieldset className="sip-choices">
                    <legend>{t('methodTargetLegend')}</legend>
                    <label className="sip-choice">
                      <input type="radio" name={`${id}-target`} value="new" checked={!heldTarget} onChange={() => setTarget('new')} /> {t('methodNewOption')}
                    </label>
                    {held.map((m) => (
                      <label key={m.id} className="sip-choice">
                        <input type="radio" name={`${id}-target`} value={m.id} checked={heldTarget?.id === m.id} onChange={() => setTarget(m.id)} />{' '}
                        {t('methodHeldOption', { method: t(`methods.${m.method as Method}`), cap: money(m.max_amount_minor) })}
                      </label>
                    ))}
                  </fieldset>
                )}
                {!heldTarget && (
                  <fieldset className="sip-choices">
                    <legend>{t('methodLegend')}</legend>
                    {methods.map((m) => (
                      <label key={m} className="sip-choice">
                        <input type="radio" name={`${id}-method`} value={m} checked={method === m} onChange={() => setMethod(m)} /> {t(`methods.${m}`)}
                      </label>
                    ))}
                  </fieldset>
                )}
                {!heldTarget && method === 'UPIRECURRING' && (
                  <div className="field">
                    <label htmlFor={`${id}-vpa`}>{t('vpaLabel')}</label>
                    <input id={`${id}-vpa`} name="vpa" type="text" dir="ltr" autoComplete="off" autoCapitalize="none" spellCheck={false} value={vpa} onChange={(e) => setVpa(e.target.value)} />
                  </div>
                )}
                {movable.length > 0 && (
                  <fieldset className="sip-choices" aria-describedby={`${id}-also-hint`}>
                    <legend>{t('methodAlsoLegend')}</legend>
                    {movable.map((o) => (
                      <label key={o.id} className="sip-choice">
                        <input
                          type="checkbox"
                          name={`${id}-also`}
                          value={o.id}
                          checked={also.includes(o.id)}
                          onChange={(e) => setAlso((a) => (e.target.checked ? [...a, o.id] : a.filter((x) => x !== o.id)))}
                        />
                        <span>
                          {t('methodSipAmount', { name: nameOf(o), amount: money(o.amount_minor) })}
                          {o.status_flag === SIP_STATUS.awaitingMandate && <span className="muted"> {t('methodSipWaiting')}</span>}
                        </span>
                      </label>
                    ))}
                    <p id={`${id}-also-hint`} className="field-hint">
                      {t('methodAlsoHint')}
                    </p>
                  </fieldset>
                )}
                <div className={`sip-method-summary${overCap ? ' sip-method-over' : ''}`} data-testid="sip-method-summary" aria-live="polite">
                  <p className="sip-method-summary-title">{t('methodSummaryTitle')}</p>
                  <ul>
                    {pays.map((s) => (
                      <li key={s.id}>
                        <span>{nameOf(s)}</span> <span className="sip-method-amount">{money(s.amount_minor)}</span>
                      </li>
                    ))}
                  </ul>
                  <p className="sip-method-total">{t('methodTotal', { total: money(payTotalMinor) })}</p>
                  <p className="field-hint">{heldTarget ? t('methodCapHeld', { cap: money(capMinor) }) : t('methodCapNew', { cap: money(capMinor) })}</p>
                </div>
                {!heldTarget && <p className="field-hint">{t('methodText')}</p>}
              </>
            )}

            {open === 'cancel' && (
              <>
                <p>{t('cancelText')}</p>
                <div className="field">
                  <label htmlFor={`${id}-reason`}>{t('reasonLabel')}</label>
                  <textarea id={`${id}-reason`} name="reason" rows={3} maxLength={SIP_CANCEL_REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} />
                </div>
              </>
            )}

            {error && (
              <div className="sip-error" role="alert">
                <p className="field-error">{error.text}</p>
                {error.offerMethod && !link && (
                  <button type="button" className="link-button" onClick={() => toggle('method')}>
                    {t('open.method')}
                  </button>
                )}
              </div>
            )}

            <div className="sip-form-buttons">
              <button type="submit" className={`btn btn-primary${open === 'cancel' ? ' btn-danger' : ''}`} disabled={busy} aria-busy={busy}>
                {busy ? t('working') : open === 'method' && heldTarget ? t('confirmUseMethod') : t(`confirm.${open}`)}
              </button>
              {!link && (
                <button type="button" className="btn btn-secondary" onClick={close}>
                  {open === 'cancel' ? t('keep') : t('close')}
                </button>
              )}
            </div>
          </form>
        </div>
      )}

      <p className="sip-done" role="status" aria-live="polite">
        {done}
      </p>
    </div>
  );
}
