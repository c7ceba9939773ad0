import { act, fireEvent, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { UpiTimer, formatCountdown } from '@/components/payment/UpiTimer';
import { PaymentForm } from '@/components/payment/PaymentForm';
import { currencyPickerOptions } from '@/lib/money';
import { paymentOptions } from '@/lib/payments/options';
import { UPI_POLL_MS } from '@/lib/constants/giving';

const P = en.Payment;

beforeEach(() => {
  // promises (fetch, validation) must still settle while the clock is ours
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
});
afterEach(() => {
  jest.useRealTimers();
});

const tick = (ms: number) => act(async () => void (await jest.advanceTimersByTimeAsync(ms)));

describe('spec 4: the UPI timer', () => {
  it('counts down mm:ss to 00:00 and then stops ticking', async () => {
    render(<UpiTimer deadline={Date.now() + 180_000} durationMs={180_000} label={P.upiTimer} minutesLeft={P.upiMinutesLeft} />);
    const clock = screen.getByRole('timer', { name: 'UPI timer' });
    expect(clock).toHaveTextContent('03:00');
    await tick(1000);
    expect(clock).toHaveTextContent('02:59');
    await tick(60_000);
    expect(clock).toHaveTextContent('01:59');
    await tick(119_000);
    expect(clock).toHaveTextContent('00:00');
    expect(jest.getTimerCount()).toBe(0);
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(6000)).toBe('00:06');
    expect(formatCountdown(61_500)).toBe('01:02');
  });

  it('tells screen readers the time left once a minute, never each second', async () => {
    render(<UpiTimer deadline={Date.now() + 180_000} durationMs={180_000} label={P.upiTimer} minutesLeft={P.upiMinutesLeft} />);
    const live = screen.getByTestId('upi-timer-announcement');
    expect(live).toHaveAttribute('aria-live', 'polite');
    // the ticking clock is a timer, which is not read out on its own, and sits outside the live region
    expect(screen.getByRole('timer')).not.toHaveAttribute('aria-live');
    expect(live).not.toContainElement(screen.getByRole('timer'));
    expect(live).toHaveTextContent('3 min left to complete the payment');
    const seen = new Set<string>();
    for (let s = 0; s < 180; s++) {
      await tick(1000);
      seen.add(live.textContent ?? '');
    }
    expect([...seen]).toEqual(['3 min left to complete the payment', '2 min left to complete the payment', '1 min left to complete the payment', '']);
  });
});

describe('spec 4: UPI on a phone', () => {
  const ORDER = 'SHYTEST123';
  const CHECKOUT = 'http://localhost/payment/sandbox?gateway_order_id=sbx_order_x&oi=SHYTEST123';
  let statuses: Array<Record<string, unknown>>;
  let polls: number;

  beforeEach(() => {
    polls = 0;
    // a phone: the desktop QR query does not match
    window.matchMedia = ((query: string) => ({ matches: query.includes('max-width'), media: query, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
    global.fetch = jest.fn(async (url: string) => {
      const answer = (data: unknown) => ({ ok: true, json: async () => ({ data }) });
      if (url.endsWith('/cart')) return answer({ id: 7 });
      if (url.endsWith('/order')) return answer({ order_id: ORDER });
      if (url === '/api/payment/send') return answer({ order_id: ORDER, url: CHECKOUT, mode: 'UPI' });
      if (url === '/api/verify/vpatxn') return answer(statuses[Math.min(polls++, statuses.length - 1)]);
      throw new Error(`unexpected ${url}`);
    }) as unknown as typeof fetch;
  });

  async function giveByUpi(vpaTimeoutMs: number) {
    const { container } = render(
      <NextIntlClientProvider locale="en" messages={{ Payment: P }}>
        <PaymentForm
          fundraiser={{ id: 3, custom_tag: 'help-asha', taxBenefit: false }}
          localePrefix=""
          vpaTimeoutMs={vpaTimeoutMs}
          realtime={null}
          defaultCurrency="INR"
          currencyOptions={currencyPickerOptions()}
          locale="en"
          modesByCurrency={{ INR: paymentOptions('INR') }}
          brandName="Sahyog"
          inrPerUnitMicros={{ INR: 1_000_000 }}
        />
      </NextIntlClientProvider>,
    );
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Meera Iyer' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'meera@example.com' } });
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '9876543210' } });
    await act(async () => void fireEvent.submit(container.querySelector('form')!));
    await tick(0);
  }

  it('offers the gateway URL to open in the UPI app, shows the timer from the configured timeout, and polls every 5 s until the bank-status message', async () => {
    statuses = [{ status: 'pending' }];
    await giveByUpi(12_000);
    const open = screen.getByRole('link', { name: 'Open your UPI app to pay' });
    expect(open).toHaveAttribute('href', CHECKOUT);
    expect(open).toHaveAttribute('target', '_blank');
    // the Contribute tap itself opened the app; this link is a way back into it, not the next step
    expect(open).toHaveClass('btn-secondary');
    expect(screen.getByRole('timer', { name: 'UPI timer' })).toHaveTextContent('00:12');
    expect(screen.getByTestId('vpa-waiting')).toHaveTextContent('Complete the payment in your UPI app');
    expect(polls).toBe(0);
    await tick(UPI_POLL_MS);
    expect(polls).toBe(1);
    expect(screen.getByRole('timer')).toHaveTextContent('00:07');
    await tick(UPI_POLL_MS);
    expect(polls).toBe(2);
    expect(screen.getByRole('timer')).toHaveTextContent('00:02');
    await tick(UPI_POLL_MS);
    // one poller: one status call per 5 s
    expect(polls).toBe(3);
    expect(screen.getByTestId('vpa-timeout')).toHaveTextContent('Payment failed or pending, please check bank status');
    expect(screen.queryByTestId('upi-timer')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open your UPI app to pay' })).toBeNull();
  });

  it('a failed payment shows the error and ends the wait', async () => {
    statuses = [{ status: 'pending' }, { status: 'failed', failure_reason: 'Payment declined by the bank' }];
    await giveByUpi(180_000);
    expect(screen.getByRole('timer')).toHaveTextContent('03:00');
    await tick(2 * UPI_POLL_MS);
    expect(screen.getByTestId('payment-failure')).toHaveAttribute('role', 'alert');
    expect(screen.getByTestId('payment-failure')).toHaveTextContent('Payment failed: Payment declined by the bank');
    // the two ways on
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Pay another way' })).toBeVisible();
    expect(screen.queryByTestId('upi-timer')).toBeNull();
    expect(screen.queryByTestId('vpa-timeout')).toBeNull();
  });
});
