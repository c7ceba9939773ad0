// The payment page's sponsor coupon: applied against the gift as it stands, refused with the server's reason,
// and asked again when the amount changes (a match quoted for ₹1,000 is not the match for ₹5,000).
import { act, fireEvent, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { CouponField } from '@/components/payment/CouponField';

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
});
const answer = (status: number, body: unknown) => Promise.resolve({ ok: status < 400, status, json: async () => body } as Response);

function renderField(amount: number, onChange = jest.fn()) {
  const ui = (a: number) => (
    <NextIntlClientProvider locale="en" messages={{ Payment: en.Payment }}>
      <CouponField amount={a} currency="INR" locale="en" onChange={onChange} />
    </NextIntlClientProvider>
  );
  const view = render(ui(amount));
  return { onChange, rerender: (a: number) => view.rerender(ui(a)) };
}

it('applies a code: the sponsor and the match show, and the code rides the cart', async () => {
  fetchMock.mockReturnValue(answer(200, { data: { code: 'SAHYOG100', sponsor: 'Sahyog Friends', match_minor: 10_000, currency: 'INR' } }));
  const { onChange, rerender } = renderField(1000);
  fireEvent.change(screen.getByLabelText(en.Payment.couponLabel), { target: { value: 'sahyog100' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: en.Payment.couponApply })));
  expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toEqual({ coupon_code: 'sahyog100', currency: 'INR', donated_amount: 1000 });
  expect(screen.getByTestId('coupon-applied').textContent).toBe('Sahyog Friends adds ₹100 to your gift when it is paid');
  expect(onChange).toHaveBeenLastCalledWith('SAHYOG100');
  // a new amount needs a new quote
  rerender(5000);
  expect(screen.queryByTestId('coupon-applied')).toBeNull();
  expect(screen.getByText(en.Payment.couponStale)).toBeTruthy();
  expect(screen.getByRole('button', { name: en.Payment.couponApply })).toBeTruthy();
});

it("shows the server's reason as an error and sends no code", async () => {
  fetchMock.mockReturnValue(answer(422, { error: { code: 'validation_failed', message: 'This coupon has expired', fields: { coupon_code: 'This coupon has expired' } } }));
  const { onChange } = renderField(1000);
  fireEvent.change(screen.getByLabelText(en.Payment.couponLabel), { target: { value: 'OLD' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: en.Payment.couponApply })));
  expect(screen.getByRole('alert').textContent).toBe('This coupon has expired');
  expect(screen.getByLabelText(en.Payment.couponLabel).getAttribute('aria-invalid')).toBe('true');
  expect(onChange).toHaveBeenLastCalledWith(null);
});

it("sends the gift's fundraiser and the donor's email, and shows a code the cart refused as not applied", async () => {
  fetchMock.mockReturnValue(answer(422, { error: { code: 'validation_failed', message: 'Not for you', fields: { coupon_code: 'Not for you' } } }));
  const onChange = jest.fn();
  render(
    <NextIntlClientProvider locale="en" messages={{ Payment: en.Payment }}>
      <CouponField fundraiserId={42} donorEmail=" asha@example.com " amount={500} currency="INR" locale="en" onChange={onChange} refused={{ code: 'SAHYOG100', reason: 'Sponsor coupons are for supporters' }} />
    </NextIntlClientProvider>,
  );
  // the refused code stays in the field with its reason, and the Apply button offers to try again
  expect((screen.getByLabelText(en.Payment.couponLabel) as HTMLInputElement).value).toBe('SAHYOG100');
  expect(screen.getByRole('alert').textContent).toBe('Sponsor coupons are for supporters');
  await act(async () => fireEvent.click(screen.getByRole('button', { name: en.Payment.couponApply })));
  expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toEqual({ coupon_code: 'SAHYOG100', currency: 'INR', donated_amount: 500, campaign_id: 42, donor_email: 'asha@example.com' });
  expect(onChange).toHaveBeenLastCalledWith(null);
});
