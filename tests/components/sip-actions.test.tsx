// A donor manages a SIP in two taps from the portfolio (and one change from a signed email link): what the
// form shows before saving, what it sends, and what it shows after.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { SipActions, type SipActionsProps } from '@/components/portfolio/SipActions';
import type { SubscriptionItem } from '@/lib/portfolio/queries';

const M = en.SipManage;
const NOW = new Date(Date.UTC(2026, 2, 1, 6));
const day = (d: number) => new Date(Date.UTC(2026, 2, d, 6)).toISOString();

const sip = (over: Partial<SubscriptionItem> = {}): SubscriptionItem => ({
  id: 7,
  sip_cause: 'medical',
  campaign_id: null,
  campaign: null,
  currency: 'INR',
  amount_minor: 50_000,
  status_flag: 1,
  status: 'active',
  frequency: 'monthly',
  next_payment_date: day(20),
  created_at: NOW.toISOString(),
  paused_until: null,
  skip_period: null,
  lines: [{ sip_cause: 'medical', fundraiser_id: null, amount_minor: 50_000 }],
  mandate: { id: 1, method: 'UPIRECURRING', status: 'active', max_amount_minor: 100_000 },
  ...over,
});

function show(props: Partial<SipActionsProps> = {}) {
  return render(
    <NextIntlClientProvider locale="en" timeZone="Asia/Kolkata" messages={{ Sip: en.Sip, SipManage: en.SipManage }}>
      <SipActions sip={sip()} locale="en" now={NOW.toISOString()} {...props} />
    </NextIntlClientProvider>,
  );
}

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
});
const answer = (status: number, body: unknown) => Promise.resolve({ ok: status < 400, status, json: async () => body } as Response);
const sent = (i = 0) => ({ url: fetchMock.mock.calls[i][0], method: fetchMock.mock.calls[i][1].method, body: JSON.parse(fetchMock.mock.calls[i][1].body) });

describe('SipActions: what a SIP shows', () => {
  it('amount, status and next payment; the upcoming-payment notice only within 5 days', () => {
    const { unmount } = show();
    expect(screen.getByText('₹500 a month')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('20 Mar 2026')).toBeInTheDocument();
    expect(screen.queryByTestId('sip-upcoming')).toBeNull();
    unmount();
    show({ sip: sip({ next_payment_date: day(4) }) });
    expect(screen.getByTestId('sip-upcoming')).toHaveTextContent('Upcoming payment: ₹500 on 4 Mar 2026');
    expect(screen.getByText('Due soon')).toBeInTheDocument();
  });

  it('offers what the state allows: a paused SIP resumes (no skip), a cancelled one offers nothing', () => {
    const { unmount } = show({ sip: sip({ status_flag: 2, status: 'paused', paused_until: day(25) }) });
    const buttons = within(screen.getByRole('group', { name: M.actionsLabel })).getAllByRole('button').map((b) => b.textContent);
    expect(buttons).toEqual([M.open.amount, M.open.pause, M.open.resume, M.open.method, M.open.cancel]);
    expect(screen.getByText('Paused until 25 Mar 2026. It restarts by itself.')).toBeInTheDocument();
    unmount();
    // stopped by the charge run after its last try: resume, or a new method
    const failed = show({ sip: sip({ status_flag: 2, status: 'paused', paused_until: null }) });
    expect(screen.getByText(M.stoppedAfterFailures)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: M.open.resume })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: M.open.pause })).toBeNull();
    failed.unmount();
    const waiting = show({ sip: sip({ status_flag: 5, status: 'paused', next_payment_date: null, mandate: null }) });
    expect(screen.getByText(M.needsMethod)).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: M.actionsLabel })).getAllByRole('button').map((b) => b.textContent)).toEqual([M.open.amount, M.open.method, M.open.cancel]);
    waiting.unmount();
    show({ sip: sip({ status_flag: 3, status: 'stopped', next_payment_date: null }) });
    expect(screen.queryByRole('group', { name: M.actionsLabel })).toBeNull();
    expect(screen.getByText('Stopped')).toBeInTheDocument();
  });
});

describe('SipActions: two taps', () => {
  it('change amount: the rounded amount shows before saving, then PUT pledge, then the new amount', async () => {
    show();
    const open = screen.getByRole('button', { name: M.open.amount });
    fireEvent.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const field = screen.getByLabelText('New monthly amount (INR)');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('inputmode', 'decimal');
    fireEvent.change(field, { target: { value: '701' } });
    expect(screen.getByText('Raised to ₹750 a month (amounts end in 00 or 50)')).toBeInTheDocument();
    fetchMock.mockReturnValueOnce(answer(200, { data: { change: 'raised', subscription: sip({ amount_minor: 75_000 }) } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: M.confirm.amount })));
    expect(sent()).toEqual({ url: '/api/subscriptions/7/pledge', method: 'PUT', body: { amount: '701' } });
    expect(screen.getByRole('status')).toHaveTextContent('Saved. Your monthly amount is now ₹750.');
    expect(screen.getByText('₹750 a month')).toBeInTheDocument();
    expect(screen.queryByLabelText('New monthly amount (INR)')).toBeNull();
  });

  it('an amount below the minimum (₹50) shows only the error, never a green "Lowered to ₹50" beside it', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: M.open.amount }));
    const field = screen.getByLabelText('New monthly amount (INR)');
    fireEvent.change(field, { target: { value: '50' } });
    expect(screen.queryByText(/Lowered to/)).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: M.confirm.amount })));
    expect(screen.getByRole('alert')).toHaveTextContent('The monthly amount must be at least ₹100 for each cause');
    expect(screen.queryByText(/Lowered to/)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    // a valid lower amount shows its result again, and the error about ₹50 goes
    fireEvent.change(field, { target: { value: '300' } });
    expect(screen.getByText('Lowered to ₹300 a month (amounts end in 00 or 50)')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses below the minimum and above the mandate without a call; a 409 from the server offers a new method', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: M.open.amount }));
    const field = screen.getByLabelText('New monthly amount (INR)');
    fireEvent.change(field, { target: { value: '40' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: M.confirm.amount })));
    expect(screen.getByRole('alert')).toHaveTextContent('The monthly amount must be at least ₹100 for each cause');
    fireEvent.change(field, { target: { value: '1200' } });
    expect(screen.getAllByText(/allows at most ₹1,000 a month/)).toHaveLength(1);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: M.confirm.amount })));
    expect(fetchMock).not.toHaveBeenCalled();
    const alert = screen.getByRole('alert');
    fireEvent.click(within(alert).getByRole('button', { name: M.open.method }));
    expect(screen.getByRole('group', { name: M.open.method })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: M.open.amount }));
    fireEvent.change(screen.getByLabelText('New monthly amount (INR)'), { target: { value: '900' } });
    fetchMock.mockReturnValueOnce(answer(409, { error: { code: 'conflict', message: 'Your payment method allows at most ₹800 a month. Please set up a new payment method to give more.' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: M.confirm.amount })));
    expect(screen.getByRole('alert')).toHaveTextContent('at most ₹800');
    expect(within(screen.getByRole('alert')).getByRole('button', { name: M.open.method })).toBeInTheDocument();
  });

  it('pause for 2 months shows when it restarts, sends the months and shows the pause', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: M.open.pause }));
    fireEvent.click(screen.getByLabelText('2 months'));
    expect(screen.getByText('Your SIP restarts by itself on 1 May 2026.')).toBeInTheDocument();
    fetchMock.mockReturnValueOnce(answer(200, { data: { action: 'pause', subscription: sip({ status_flag: 2, status: 'paused', paused_until: new Date(Date.UTC(2026, 4, 1, 6)).toISOString() }) } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: M.confirm.pause })));
    expect(sent()).toEqual({ url: '/api/subscriptions/7', method: 'PUT', body: { action: 'pause', months: 2 } });
    expect(screen.getByRole('status')).toHaveTextContent('Your SIP is paused until 1 May 2026.');
    expect(screen.getByText('Paused')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: M.open.resume })).toBeInTheDocument();
  });

  it('skip next month names the payment it skips', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: M.open.skip }));
    expect(screen.getByText('The payment of ₹500 due on 20 Mar 2026 will be skipped. Payments continue the month after.')).toBeInTheDocument();
    fetchMock.mockReturnValueOnce(answer(200, { data: { action: 'skip', subscription: sip({ skip_period: '2026-03' }) } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: M.confirm.skip })));
    expect(sent().body).toEqual({ action: 'skip' });
    expect(screen.getByText('The payment due on 20 Mar 2026 will be skipped.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: M.open.skip })).toBeNull();
  });

  it('cancel has a confirm step with an optional reason; Keep and Escape close it and give the focus back', async () => {
    show();
    const trigger = screen.getByRole('button', { name: M.open.cancel });
    fireEvent.click(trigger);
    expect(screen.getByText(M.cancelText)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: M.keep }));
    expect(screen.queryByText(M.cancelText)).toBeNull();
    expect(trigger).toHaveFocus();
    fireEvent.click(trigger);
    fireEvent.keyDown(screen.getByLabelText(M.reasonLabel), { key: 'Escape' });
    expect(screen.queryByText(M.cancelText)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(trigger);
    fireEvent.change(screen.getByLabelText(M.reasonLabel), { target: { value: '  Moving abroad ' } });
    fetchMock.mockReturnValueOnce(answer(200, { data: { action: 'cancel', subscription: sip({ status_flag: 3, status: 'stopped', next_payment_date: null }) } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: M.confirm.cancel })));
    expect(sent().body).toEqual({ action: 'cancel', reason: 'Moving abroad' });
    expect(screen.getByRole('status')).toHaveTextContent(M.doneCancel);
    expect(screen.queryByRole('group', { name: M.actionsLabel })).toBeNull();
  });

  it('change the payment method: UPI AutoPay asks for a listed handle, then goes to authorise', async () => {
    const jsdomNavigation = jest.spyOn(console, 'error').mockImplementation(() => {});
    show();
    fireEvent.click(screen.getByRole('button', { name: M.open.method }));
    fireEvent.click(screen.getByLabelText(M.methods.UPIRECURRING));
    fireEvent.change(screen.getByLabelText(M.vpaLabel), { target: { value: 'asha@paytm' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: M.confirm.method })));
    // the message names the handles that work (spec 5's list)
    expect(screen.getByRole('alert')).toHaveTextContent('This UPI ID cannot be used for UPI AutoPay. It works with UPI IDs ending in: \u2066@upi, @ybl, @axl, @ibl, @apl, @okhdfcbank, @okaxis, @okicici, @oksbi, @ptyes, @ptaxis, @ptsbi, @pthdfc\u2069');
    fireEvent.change(screen.getByLabelText(M.vpaLabel), { target: { value: 'asha@okicici' } });
    fetchMock.mockReturnValueOnce(answer(200, { data: { action: 'change_method', subscription: sip(), authoriseUrl: 'http://localhost/payment/sandbox/mandate?mandate_id=x', mandate_id: 9 } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: M.confirm.method })));
    expect(sent().body).toEqual({ action: 'change_method', method: 'UPIRECURRING', vpa: 'asha@okicici' });
    expect(screen.getByRole('status')).toHaveTextContent(M.doneMethod);
    jsdomNavigation.mockRestore();
  });

  it('outside INR the only method is a card', () => {
    show({ sip: sip({ currency: 'USD', amount_minor: 5_000, lines: [], mandate: null }) });
    fireEvent.click(screen.getByRole('button', { name: M.open.method }));
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['CARD']);
  });
});

describe('SipActions: the method-change panel names what the method will pay', () => {
  // this SIP (₹500 on mandate 1, up to ₹1,000), an education SIP waiting for a method, and ₹400 for animals on mandate 2 (up to ₹1,200)
  const waiting = sip({ id: 8, sip_cause: 'education', amount_minor: 20_000, status_flag: 5, status: 'paused', next_payment_date: null, lines: [{ sip_cause: 'education', fundraiser_id: null, amount_minor: 20_000 }], mandate: { id: 3, method: 'Emandate', status: 'created', max_amount_minor: 60_000 } });
  const other = sip({ id: 9, sip_cause: 'animals', amount_minor: 40_000, lines: [{ sip_cause: 'animals', fundraiser_id: null, amount_minor: 40_000 }], mandate: { id: 2, method: 'UPIRECURRING', status: 'active', max_amount_minor: 120_000 } });
  const summary = () => screen.getByTestId('sip-method-summary');

  it('a new method pays this SIP alone unless others are ticked by name; the total and the cap follow, and the ticked ones are sent', async () => {
    const jsdomNavigation = jest.spyOn(console, 'error').mockImplementation(() => {});
    show({ others: [sip(), waiting, other] });
    fireEvent.click(screen.getByRole('button', { name: M.open.method }));
    expect(summary()).toHaveTextContent('Medical ₹500');
    expect(summary()).toHaveTextContent('New monthly total: ₹500');
    expect(summary()).toHaveTextContent('You will authorise debits of up to ₹1,500 a month in all.');
    const also = screen.getByRole('group', { name: M.methodAlsoLegend });
    expect(within(also).getAllByRole('checkbox').map((c) => (c as HTMLInputElement).checked)).toEqual([false, false]);
    expect(also).toHaveTextContent('Education: ₹200 a month (waiting for a payment method)');
    fireEvent.click(within(also).getByLabelText(/Education: ₹200 a month/));
    expect(summary()).toHaveTextContent('New monthly total: ₹700');
    expect(summary()).toHaveTextContent('up to ₹2,100 a month');
    fireEvent.click(screen.getByLabelText(M.methods.CARD));
    fetchMock.mockReturnValueOnce(answer(200, { data: { action: 'change_method', subscription: sip(), authoriseUrl: 'http://localhost/payment/sandbox/mandate?mandate_id=x', mandate_id: 4, covers: [7, 8] } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: M.confirm.method })));
    expect(sent().body).toEqual({ action: 'change_method', method: 'CARD', also: [8] });
    jsdomNavigation.mockRestore();
  });

  it('a method the donor already uses: what it pays now plus this SIP, refused on the page above its cap, else moved and the list follows', async () => {
    const onSipsChanged = jest.fn();
    show({ others: [sip(), waiting, other], onSipsChanged });
    fireEvent.click(screen.getByRole('button', { name: M.open.method }));
    fireEvent.click(screen.getByLabelText('UPI AutoPay you already use (up to ₹1,200 a month)'));
    // no new method to pick, and the SIPs already on it are not offered again
    expect(screen.queryByLabelText(M.methods.CARD)).toBeNull();
    expect(within(screen.getByRole('group', { name: M.methodAlsoLegend })).getAllByRole('checkbox')).toHaveLength(1);
    expect(summary()).toHaveTextContent('Animals ₹400');
    expect(summary()).toHaveTextContent('New monthly total: ₹900');
    expect(summary()).toHaveTextContent('This payment method allows up to ₹1,200 a month in all.');
    // ₹900 + ₹200 fits; a bigger SIP would not: the page refuses without a call
    fireEvent.click(screen.getByLabelText(/Education: ₹200 a month/));
    expect(summary()).toHaveTextContent('New monthly total: ₹1,100');
    fetchMock.mockReturnValueOnce(answer(200, { data: { action: 'use_mandate', subscription: sip({ mandate: other.mandate }), subscriptions: [sip({ mandate: other.mandate })] } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: M.confirmUseMethod })));
    expect(sent().body).toEqual({ action: 'use_mandate', mandate_id: 2, also: [8] });
    expect(screen.getByRole('status')).toHaveTextContent(M.doneUseMethod);
    expect(onSipsChanged).toHaveBeenCalledWith([expect.objectContaining({ id: 7 })]);
  });

  it('above the cap of a method already used, the page says by how much and sends nothing', async () => {
    show({ sip: sip({ amount_minor: 90_000 }), others: [waiting, other] });
    fireEvent.click(screen.getByRole('button', { name: M.open.method }));
    fireEvent.click(screen.getByLabelText('UPI AutoPay you already use (up to ₹1,200 a month)'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: M.confirmUseMethod })));
    expect(screen.getByRole('alert')).toHaveTextContent('That comes to ₹1,300 a month, more than the ₹1,200 this payment method allows.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a lapsed SIP says why it never started and offers no change', () => {
    show({ sip: sip({ status_flag: 7, status: 'stopped', next_payment_date: null, mandate: null }) });
    expect(screen.getByText(/did not start: its payment method was not authorised within 7 days/)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: M.actionsLabel })).toBeNull();
  });
});

describe('SipActions from a signed email link', () => {
  it('shows only the link change, posts the token without a session, then only the result', async () => {
    show({ link: { token: 'tok_abcdefghijklmnopqrstuvwxyz', action: 'lower' } });
    expect(screen.queryByRole('group', { name: M.actionsLabel })).toBeNull();
    expect(screen.getByRole('heading', { name: M.linkTitle.amount })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('New monthly amount (INR)'), { target: { value: '800' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: M.confirm.amount })));
    expect(screen.getByRole('alert')).toHaveTextContent(M.amountNotLower);
    fireEvent.change(screen.getByLabelText('New monthly amount (INR)'), { target: { value: '250' } });
    fetchMock.mockReturnValueOnce(answer(200, { data: { action: 'lower', subscription: sip({ amount_minor: 25_000 }) } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: M.confirm.amount })));
    expect(sent()).toEqual({ url: '/api/sip/links', method: 'POST', body: { token: 'tok_abcdefghijklmnopqrstuvwxyz', action: 'lower', amount: '250' } });
    expect(fetchMock.mock.calls[0][1].credentials).toBe('same-origin');
    expect(screen.getByRole('status')).toHaveTextContent('Saved. Your monthly amount is now ₹250.');
    expect(screen.queryByRole('button', { name: M.confirm.amount })).toBeNull();
  });

  it('a refused link says why and keeps the form', async () => {
    show({ link: { token: 'tok_abcdefghijklmnopqrstuvwxyz', action: 'pause' } });
    fetchMock.mockReturnValueOnce(answer(409, { error: { code: 'conflict', message: 'This link has already been used.' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: M.confirm.pause })));
    expect(sent().body).toEqual({ token: 'tok_abcdefghijklmnopqrstuvwxyz', action: 'pause', months: 1 });
    expect(screen.getByRole('alert')).toHaveTextContent('This link has already been used.');
  });
});
