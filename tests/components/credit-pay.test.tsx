// A donor's Sahyog credit on the payment page: the chosen amount is given from it with one tap when it fits.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { CreditPay } from '@/components/payment/CreditPay';

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
});

const ui = (amount: number, currency = 'INR') => (
  <NextIntlClientProvider locale="en" messages={{ Payment: en.Payment }}>
    <CreditPay fundraiser={{ id: 9, custom_tag: 'help-asha' }} credit={{ balanceMinor: 30_000, currency: 'INR' }} amount={amount} currency={currency} locale="en" localePrefix="" />
  </NextIntlClientProvider>
);

it('shows the credit and gives the chosen amount from it', async () => {
  fetchMock.mockResolvedValue({ ok: false, status: 409, json: async () => ({ error: { code: 'conflict', message: 'You have no Sahyog credit in this currency' } }), headers: new Headers({ 'content-type': 'application/json' }) });
  render(ui(200));
  expect(screen.getByText('You have ₹300 of Sahyog credit')).toBeTruthy();
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Give ₹200 from my credit' })));
  expect(fetchMock.mock.calls[0][0]).toBe('/api/redeem');
  expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toMatchObject({ campaign_id: 9, amount: 200, currency: 'INR' });
  expect(screen.getByRole('alert').textContent).toBe('You have no Sahyog credit in this currency');
});

it('an amount above the credit gives all of the credit, said on the button; it is not offered in another currency', async () => {
  fetchMock.mockResolvedValue({ ok: false, status: 409, json: async () => ({ error: { message: 'x' } }), headers: new Headers() });
  const { rerender } = render(ui(500));
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Give ₹300 from my credit' })));
  expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toMatchObject({ amount: 300, currency: 'INR' });
  // rupee credit is never offered in dollars (the form says where it can be given instead)
  rerender(ui(5, 'USD'));
  expect(screen.queryByRole('button', { name: /from my credit/ })).toBeNull();
});
