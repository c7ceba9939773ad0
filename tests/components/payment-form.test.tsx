// The donation form (spec 4, 5, 8): the +91 mobile rule before anything is sent, and a cart or order call that fails
// tells the donor why in an alert region, not only by enabling the button again.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { PaymentForm } from '@/components/payment/PaymentForm';

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
  window.matchMedia = ((query: string) => ({ matches: false, media: query, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
});
const answer = (status: number, body: unknown) => Promise.resolve({ ok: status < 400, status, json: async () => body } as Response);
const sentBody = (call = 0) => JSON.parse((fetchMock.mock.calls[call][1] as RequestInit).body as string);

// today's rates in the demo (micro-rupees per unit)
const RATES = { INR: 1_000_000, USD: 84_500_000, AED: 23_000_000 };

function renderForm(modes: ('CARD' | 'NEFT')[] = ['CARD'], more: { taxBenefit?: boolean; credits?: { currency: string; balanceMinor: number }[] } = {}) {
  return render(
    <NextIntlClientProvider locale="en" messages={{ Payment: en.Payment }}>
      <PaymentForm
        fundraiser={{ id: 7, custom_tag: 'help-asha', taxBenefit: more.taxBenefit ?? false }}
        credits={more.credits}
        localePrefix=""
        vpaTimeoutMs={180000}
        realtime={null}
        defaultCurrency="INR"
        locale="en"
        modesByCurrency={{ INR: modes, USD: ['CARD'] }}
        brandName="Sahyog"
        inrPerUnitMicros={RATES}
      />
    </NextIntlClientProvider>,
  );
}
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
function fillDonor(phone = '98765 43210') {
  type('Full name', 'Meera Iyer');
  type('Email', 'meera@example.com');
  type('Mobile number', phone);
}
const contribute = () => act(async () => fireEvent.click(screen.getByRole('button', { name: /^Contribute/ })));

describe('spec 5: the Indian mobile rule on the donation form', () => {
  it("refuses 5876543210 with +91 under the phone field, and sends nothing", async () => {
    renderForm();
    fillDonor('5876543210');
    await contribute();
    const phone = screen.getByLabelText('Mobile number');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById('pay-donor_phone-error')).toHaveTextContent('Please enter a valid number');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('takes the same number with another dialling code, and an Indian mobile with +91', async () => {
    fetchMock.mockReturnValue(answer(422, { error: { code: 'validation_failed', message: 'stop here' } }));
    renderForm();
    fillDonor('5876543210');
    // issue 31: the dialling code is a country picked from the list
    fireEvent.change(screen.getByLabelText('Country code'), { target: { value: 'US' } });
    await contribute();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sentBody()).toMatchObject({ donor_phone: '5876543210', donor_extension: '+1' });
    fireEvent.change(screen.getByLabelText('Country code'), { target: { value: 'IN' } });
    type('Mobile number', '98765 43210');
    await contribute();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sentBody(1)).toMatchObject({ donor_phone: '9876543210', donor_extension: '+91' });
  });
});

describe('spec 8: a cart or order call that fails shows a message', () => {
  it('keeps an alert region in the form, empty until something fails', () => {
    renderForm();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it("a network error says 'Something went wrong. Please try again.' and the button works again", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderForm();
    fillDonor();
    await contribute();
    expect(fetchMock).toHaveBeenCalledWith('/api/fundraisers/7/cart', expect.objectContaining({ method: 'POST' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Please try again.'));
    expect(screen.getByRole('button', { name: /^Contribute/ })).toBeEnabled();
  });

  it("the cart call's error envelope: the server's message", async () => {
    fetchMock.mockReturnValueOnce(answer(409, { error: { code: 'conflict', message: 'This fundraiser has ended and no longer takes donations' } }));
    renderForm();
    fillDonor();
    await contribute();
    expect(screen.getByRole('alert')).toHaveTextContent('This fundraiser has ended and no longer takes donations');
  });

  it("the order call's error envelope, and its network error, after a cart that worked", async () => {
    fetchMock.mockReturnValueOnce(answer(201, { data: { id: 41 } })).mockReturnValueOnce(answer(502, { error: { code: 'gateway_error', message: 'The payment service is not answering right now. Please try again in a minute.' } }));
    renderForm();
    fillDonor();
    await contribute();
    expect(fetchMock.mock.calls[1][0]).toBe('/api/fundraisers/7/order');
    expect(sentBody(1)).toMatchObject({ cart_id: 41, mode: 'CARD' });
    expect(screen.getByRole('alert')).toHaveTextContent('The payment service is not answering right now. Please try again in a minute.');

    fetchMock.mockReturnValueOnce(answer(201, { data: { id: 42 } })).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await contribute();
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });

  it('an answer without JSON gives the generic payment message', async () => {
    fetchMock.mockReturnValueOnce(Promise.resolve({ ok: false, status: 502, json: async () => { throw new SyntaxError('Unexpected token <'); } } as unknown as Response));
    renderForm();
    fillDonor();
    await contribute();
    expect(screen.getByRole('alert')).toHaveTextContent('Could not start the payment. Please try again.');
  });
});

describe('issue 15: bank transfer (NEFT/IMPS) with the spec 5 messages', () => {
  const bankField = (label: string) => screen.getByTestId('bank-transfer').querySelector(`#pay-${label}`)!;

  it("shows 'Field Required' under each empty account field and sends nothing", async () => {
    renderForm(['CARD', 'NEFT']);
    fillDonor();
    fireEvent.click(screen.getByLabelText('Bank transfer (NEFT/IMPS)'));
    await contribute();
    for (const id of ['account_no', 'ifsc_code', 'bank_name']) expect(document.getElementById(`pay-${id}-error`)).toHaveTextContent('Field Required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refuses a transfer below the minimum with 'Please enter a value greater than or equal to 100'", async () => {
    renderForm(['CARD', 'NEFT']);
    fillDonor();
    type('Other amount', '99');
    fireEvent.click(screen.getByLabelText('Bank transfer (NEFT/IMPS)'));
    fireEvent.change(bankField('account_no'), { target: { value: '001234567890' } });
    fireEvent.change(bankField('ifsc_code'), { target: { value: 'HDFC0001234' } });
    fireEvent.change(bankField('bank_name'), { target: { value: 'HDFC Bank' } });
    await contribute();
    expect(document.getElementById('pay-donated_amount-error')).toHaveTextContent('Please enter a value greater than or equal to 100');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the account with the order to payment/send once the fields are right', async () => {
    fetchMock
      .mockReturnValueOnce(answer(201, { data: { id: 41 } }))
      .mockReturnValueOnce(answer(201, { data: { order_id: 'SHYNEFT1' } }))
      .mockReturnValueOnce(answer(422, { error: { code: 'validation_failed', message: 'Field Required', fields: { bank_name: 'Field Required' } } }));
    renderForm(['CARD', 'NEFT']);
    fillDonor();
    fireEvent.click(screen.getByLabelText('Bank transfer (NEFT/IMPS)'));
    fireEvent.change(bankField('account_no'), { target: { value: '001234567890' } });
    fireEvent.change(bankField('ifsc_code'), { target: { value: 'hdfc0001234' } });
    fireEvent.change(bankField('bank_name'), { target: { value: 'HDFC Bank' } });
    await contribute();
    expect(sentBody(1)).toMatchObject({ mode: 'NEFT' });
    expect(sentBody(2)).toEqual({ order_id: 'SHYNEFT1', account_no: '001234567890', ifsc_code: 'hdfc0001234', bank_name: 'HDFC Bank' });
    // the server's word on a field shows under it
    await waitFor(() => expect(document.getElementById('pay-bank_name-error')).toHaveTextContent('Field Required'));
  });
});

describe('issue 30.1/30.2: changing the currency', () => {
  const currency = (code: string) => fireEvent.change(screen.getByLabelText('Currency'), { target: { value: code } });
  const pressed = () => screen.getAllByRole('button', { pressed: true }).map((b) => b.textContent);

  it("selects the new currency's default amount, says what it is in rupees, and drops 80G and the PAN outside rupees", async () => {
    renderForm(['CARD'], { taxBenefit: true });
    expect(pressed()).toEqual(['₹1,000']);
    expect(screen.getByTestId('trust-line')).toHaveTextContent('TAX Benefit');
    type('Other amount', '1000');
    type('PAN (for an 80G tax receipt)', 'ABCDE1234F');
    currency('USD');
    // $25 (the USD default), never $1,000
    expect(pressed()).toEqual(['$25']);
    expect(screen.getByLabelText('Other amount')).toHaveValue('');
    expect(screen.getByTestId('payment-total')).toHaveTextContent('Total: $25');
    expect(screen.getByTestId('payment-total-inr')).toHaveTextContent('≈ ₹2,112 in Indian rupees');
    expect(screen.getByTestId('trust-line')).not.toHaveTextContent('TAX Benefit');
    expect(screen.queryByLabelText('PAN (for an 80G tax receipt)')).toBeNull();
    expect(screen.getByTestId('tax-inr-only')).toHaveTextContent('80G tax receipts are for gifts in Indian rupees (INR).');
    fetchMock.mockReturnValue(answer(422, { error: { code: 'validation_failed', message: 'stop here' } }));
    fillDonor();
    await contribute();
    expect(sentBody()).toMatchObject({ currency: 'USD', donated_amount: 25 });
    expect(sentBody().pan ?? '').toBe('');
    // back in rupees: the rupee default, 80G and the PAN field again, and no rupee equivalent of rupees
    currency('INR');
    expect(pressed()).toEqual(['₹1,000']);
    expect(screen.queryByTestId('payment-total-inr')).toBeNull();
    expect(screen.getByLabelText('PAN (for an 80G tax receipt)')).toBeInTheDocument();
  });

  it('offers Sahyog credit only in the currency it was granted in, shown in that currency', async () => {
    renderForm(['CARD'], { credits: [{ currency: 'INR', balanceMinor: 30_000 }] });
    expect(screen.getByTestId('credit-pay')).toHaveTextContent('You have ₹300 of Sahyog credit');
    expect(screen.getByRole('button', { name: 'Give ₹300 from my credit' })).toBeEnabled();
    currency('USD');
    expect(screen.queryByTestId('credit-pay')).toBeNull();
    expect(screen.queryByRole('button', { name: /from my credit/ })).toBeNull();
    expect(screen.getByTestId('credit-elsewhere')).toHaveTextContent('You have ₹300 of Sahyog credit, which can be given in INR only.');
    fireEvent.click(screen.getByRole('button', { name: 'Switch to INR' }));
    expect(screen.getByLabelText('Currency')).toHaveValue('INR');
    expect(screen.getByRole('button', { name: 'Give ₹300 from my credit' })).toBeEnabled();
  });
});
