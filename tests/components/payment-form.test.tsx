// The donation form (spec 4, 5, 8): the +91 mobile rule before anything is sent, and a cart or order call that fails
// tells the donor why in an alert region, not only by enabling the button again.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { PaymentForm } from '@/components/payment/PaymentForm';
import { currencyPickerOptions } from '@/lib/money';

const fetchMock = jest.fn();
beforeEach(() => {
  // what the form keeps for a retry is per test
  window.sessionStorage.clear();
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
  window.matchMedia = ((query: string) => ({ matches: false, media: query, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
});
const answer = (status: number, body: unknown) => Promise.resolve({ ok: status < 400, status, json: async () => body } as Response);
const sentBody = (call = 0) => JSON.parse((fetchMock.mock.calls[call][1] as RequestInit).body as string);

// today's rates in the demo (micro-rupees per unit)
const RATES = { INR: 1_000_000, USD: 84_500_000, AED: 23_000_000 };

type MoreProps = { taxBenefit?: boolean; credits?: { currency: string; balanceMinor: number }[]; donor?: React.ComponentProps<typeof PaymentForm>['donor']; failed?: { reason: string | null } | null; ngo?: { name: string; fcra: boolean } | null; captcha?: { siteKey: string } | null };
function renderForm(modes: ('CARD' | 'NEFT' | 'UPI' | 'VPA')[] = ['CARD'], more: MoreProps = {}) {
  return render(
    <NextIntlClientProvider locale="en" messages={{ Payment: en.Payment }}>
      <PaymentForm
        fundraiser={{ id: 7, custom_tag: 'help-asha', taxBenefit: more.taxBenefit ?? false, ngo: more.ngo ?? null }}
        captcha={more.captcha ?? null}
        credits={more.credits}
        localePrefix=""
        vpaTimeoutMs={180000}
        realtime={null}
        defaultCurrency="INR"
        currencyOptions={currencyPickerOptions()}
        locale="en"
        modesByCurrency={{ INR: modes, USD: ['CARD'] }}
        brandName="Sahyog"
        inrPerUnitMicros={RATES}
        donor={more.donor ?? null}
        failed={more.failed ?? null}
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
    // the dialling code is a country picked from the list (which arrives after the form is usable)
    fireEvent.focus(screen.getByLabelText('Country code'));
    await screen.findByRole('option', { name: /United States/ });
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

describe('bank transfer (NEFT/IMPS) with the spec 5 messages', () => {
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

describe('changing the currency', () => {
  const currency = (code: string) => fireEvent.change(screen.getByLabelText('Currency'), { target: { value: code } });
  const pressed = () => screen.getAllByRole('button', { pressed: true }).map((b) => b.textContent);

  it("selects the new currency's default amount, says what it is in rupees, and drops 80G and the PAN outside rupees", async () => {
    renderForm(['CARD'], { taxBenefit: true });
    expect(pressed()).toEqual(['₹1,000']);
    expect(screen.getByTestId('trust-line')).toHaveTextContent('TAX Benefit');
    type('Other amount', '1000');
    // the 80G fields come in their own chunk
    fireEvent.click(await screen.findByLabelText('I want an 80G tax receipt'));
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
    // a gift in another currency asks the FCRA question first, and sends nothing until it is answered
    await contribute();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await screen.findByTestId('citizenship')).toHaveTextContent('Please tell us whether you are an Indian citizen');
    fireEvent.click(screen.getByLabelText('Yes, I hold an Indian passport'));
    await contribute();
    expect(sentBody()).toMatchObject({ currency: 'USD', donated_amount: 25, citizenship: 'indian' });
    expect(sentBody().pan ?? '').toBe('');
    // back in rupees: the rupee default, 80G and the PAN field again, and no rupee equivalent of rupees
    currency('INR');
    expect(pressed()).toEqual(['₹1,000']);
    expect(screen.queryByTestId('payment-total-inr')).toBeNull();
    expect(screen.getByLabelText('PAN (for an 80G tax receipt)')).toBeInTheDocument();
  });

  it('asks PAN and address only when the donor wants the 80G receipt, and sends neither otherwise', async () => {
    renderForm(['CARD'], { taxBenefit: true });
    expect(screen.queryByLabelText('PAN (for an 80G tax receipt)')).toBeNull();
    expect(screen.getByTestId('tax-receipt-fields')).toHaveTextContent('no 80G claim is possible');
    fetchMock.mockReturnValue(answer(422, { error: { code: 'validation_failed', message: 'stop here' } }));
    fillDonor();
    await contribute();
    expect(sentBody()).toMatchObject({ pan: '', donor_address: '' });

    fireEvent.click(screen.getByLabelText('I want an 80G tax receipt'));
    type('PAN (for an 80G tax receipt)', 'abcde1234f');
    type('Postal address', '4 Lake View, Pune');
    await contribute();
    expect(sentBody(fetchMock.mock.calls.length - 1)).toMatchObject({ pan: 'ABCDE1234F', donor_address: '4 Lake View, Pune' });
  });

  it("fills the 80G section from a signed-in donor's account", () => {
    renderForm(['CARD'], { taxBenefit: true, donor: { name: 'Kavya Menon', email: 'kavya@example.com', extension: '+91', phone: '9712345678', pincode: '400012', pan: 'ABCDE1234F', address: '12 Marine Drive, Mumbai' } });
    expect(screen.getByLabelText('I want an 80G tax receipt')).toBeChecked();
    expect(screen.getByLabelText('PAN (for an 80G tax receipt)')).toHaveValue('ABCDE1234F');
    expect(screen.getByLabelText('Postal address')).toHaveValue('12 Marine Drive, Mumbai');
  });

  it('offers Sahyog credit only in the currency it was granted in, shown in that currency', async () => {
    renderForm(['CARD'], { credits: [{ currency: 'INR', balanceMinor: 30_000 }] });
    // the credit panel's code is loaded when a donor has credit to show it
    expect(await screen.findByTestId('credit-pay')).toHaveTextContent('You have ₹300 of Sahyog credit');
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

describe('a failed payment comes back to the form with everything the donor typed', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('keeps the details in this tab on Contribute, and the form that comes back after a failure has them all, the reason, Try again and Pay another way', async () => {
    fetchMock.mockReturnValueOnce(answer(201, { data: { id: 41 } })).mockReturnValueOnce(answer(201, { data: { order_id: 'SHY1' } })).mockReturnValueOnce(answer(200, { data: { url: '#gateway' } }));
    const first = renderForm(['UPI', 'CARD']);
    type('Other amount', '750');
    fillDonor();
    fireEvent.click(screen.getByLabelText('Debit or credit card'));
    await contribute();
    // off to the gateway's page (a fragment here: jsdom navigates no further)
    expect(window.location.hash).toBe('#gateway');
    // the order says it was placed on this form: a failure comes back here (not to the story)
    expect(sentBody(1)).toMatchObject({ origin: 's', page_type: 'payment_form' });
    first.unmount();

    // back from the gateway with st=f: a fresh page in the same tab
    renderForm(['UPI', 'CARD'], { failed: { reason: 'Payment declined by the bank' } });
    await waitFor(() => expect(screen.getByLabelText('Full name')).toHaveValue('Meera Iyer'));
    expect(screen.getByLabelText('Other amount')).toHaveValue('750');
    expect(screen.getByLabelText('Email')).toHaveValue('meera@example.com');
    expect(screen.getByLabelText('Mobile number')).toHaveValue('9876543210');
    expect(screen.getByLabelText('Debit or credit card')).toBeChecked();
    expect(screen.getByTestId('payment-failed')).toHaveTextContent('Payment failed: Payment declined by the bank');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    // Pay another way: to the methods
    fireEvent.click(screen.getByRole('button', { name: 'Pay another way' }));
    expect(screen.getByLabelText('Debit or credit card')).toHaveFocus();
    // Try again: the same gift sent again, nothing retyped
    fetchMock.mockReset();
    fetchMock.mockReturnValue(answer(422, { error: { code: 'validation_failed', message: 'stop here' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentBody()).toMatchObject({ donated_amount: 750, donor_name: 'Meera Iyer', donor_email: 'meera@example.com', donor_phone: '9876543210' });
  });

  it("never restores another fundraiser's details, nor a card, PAN or bank account", async () => {
    window.sessionStorage.setItem('sahyog:gift:8', JSON.stringify({ donated_amount: 900, currency: 'INR', otherAmount: '900', donor_name: 'Someone Else', donor_email: 'x@example.com', donor_extension: '+91', donor_phone: '9876500000', donor_pincode: '', is_anonymous: '0', tipPercent: 0, mode: 'CARD', vpa: '', reward_id: null }));
    renderForm(['CARD']);
    await act(async () => {});
    expect(screen.getByLabelText('Full name')).toHaveValue('');
    expect(screen.getByLabelText('Other amount')).toHaveValue('');
    renderForm(['CARD']);
    const draftKeys = () => Object.keys(window.sessionStorage).filter((k) => k.startsWith('sahyog:gift:7'));
    expect(draftKeys()).toEqual([]);
  });

  it('a failure while the page waits (UPI ID) shows the reason with Try again, and the next try is a new order', async () => {
    jest.useFakeTimers();
    try {
      fetchMock
        .mockReturnValueOnce(answer(201, { data: { id: 41 } }))
        .mockReturnValueOnce(answer(201, { data: { order_id: 'SHY1' } }))
        .mockReturnValueOnce(answer(200, { data: { url: 'https://gateway.example/vpa' } }))
        .mockReturnValueOnce(answer(200, { data: { status: 'failed', failure_reason: 'Collect request declined' } }));
      renderForm(['VPA']);
      fillDonor();
      fireEvent.change(screen.getByLabelText('UPI ID', { selector: 'input:not([type])' }), { target: { value: 'meera@okhdfcbank' } });
      await contribute();
      expect(screen.getByTestId('vpa-waiting')).toHaveAttribute('role', 'status');
      // no Contribute button to tap while the payment is under way
      expect(screen.queryByRole('button', { name: /^Contribute/ })).toBeNull();
      await act(async () => jest.advanceTimersByTimeAsync(5000));
      expect(screen.getByTestId('payment-failed')).toHaveTextContent('Payment failed: Collect request declined');
      expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
      const firstKey = (fetchMock.mock.calls[1][1] as RequestInit).headers as Record<string, string>;
      fetchMock.mockReturnValueOnce(answer(201, { data: { id: 42 } })).mockReturnValueOnce(answer(422, { error: { code: 'validation_failed', message: 'stop' } }));
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
      await act(async () => jest.advanceTimersByTimeAsync(0));
      const secondKey = (fetchMock.mock.calls[5][1] as RequestInit).headers as Record<string, string>;
      expect(secondKey['Idempotency-Key']).toBeTruthy();
      expect(secondKey['Idempotency-Key']).not.toBe(firstKey['Idempotency-Key']);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('UPI on a phone opens the app on the first tap', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('the tap on Contribute opens the window itself, then loads the UPI app page into it; "Please wait…" is a status line', async () => {
    window.matchMedia = ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
    const popup = { opener: {} as unknown, closed: false, close: jest.fn(), location: { href: '' } };
    const open = jest.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    let sendAnswer: (v: Response) => void = () => {};
    fetchMock
      .mockReturnValueOnce(answer(201, { data: { id: 41 } }))
      .mockReturnValueOnce(answer(201, { data: { order_id: 'SHY1' } }))
      .mockReturnValueOnce(new Promise<Response>((r) => (sendAnswer = r)))
      .mockReturnValue(answer(200, { data: { status: 'pending' } }));
    renderForm(['UPI', 'CARD']);
    fillDonor();
    const button = screen.getByRole('button', { name: /^Contribute/ });
    await act(async () => fireEvent.click(button));
    // opened by the tap, before any call had answered
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(popup.opener).toBeNull();
    expect(screen.getByTestId('payment-processing')).toHaveTextContent('Please wait…');
    expect(screen.getByTestId('payment-processing')).toHaveAttribute('role', 'status');
    expect(button).toHaveTextContent(/^Contribute/);
    await act(async () => sendAnswer({ ok: true, status: 200, json: async () => ({ data: { url: 'https://gateway.example/upi' } }) } as Response));
    expect(popup.location.href).toBe('https://gateway.example/upi');
    expect(popup.close).not.toHaveBeenCalled();
    expect(screen.getByTestId('vpa-waiting')).toHaveTextContent('Complete the payment in your UPI app. This page updates by itself.');
    expect(screen.queryByRole('button', { name: /^Contribute/ })).toBeNull();
    // a way to open it again, secondary
    expect(screen.getByRole('link', { name: 'Open your UPI app to pay' })).toHaveClass('btn-secondary');
    open.mockRestore();
  });

  it('a form that does not pass opens no window', async () => {
    window.matchMedia = ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    renderForm(['UPI']);
    await contribute();
    expect(open).not.toHaveBeenCalled();
    open.mockRestore();
  });

  it('the UPI ID box sits right under its own option', () => {
    renderForm(['UPI', 'VPA', 'CARD']);
    fireEvent.click(screen.getByLabelText('UPI ID', { selector: 'input[type="radio"]' }));
    const box = screen.getByLabelText('UPI ID', { selector: 'input:not([type])' });
    const option = screen.getByLabelText('UPI ID', { selector: 'input[type="radio"]' }).closest('.mode-option')!;
    expect(option.contains(box)).toBe(true);
    expect(option.nextElementSibling).toContainElement(screen.getByLabelText('Debit or credit card'));
  });
});

describe('the country picker on a slow phone', () => {
  it('builds its 245 countries only when the donor reaches for it', async () => {
    renderForm();
    const picker = screen.getByLabelText('Country code');
    // the dialling module has arrived and every update has run: still only the chosen code
    await act(async () => {
      await import('@/lib/phone/dialling');
    });
    await act(async () => {});
    expect(picker.querySelectorAll('option')).toHaveLength(1);
    expect(picker).toHaveValue('IN');
    fireEvent.focus(picker);
    // inside the focus itself, before a native picker could open
    expect(picker.querySelectorAll('option').length).toBeGreaterThan(200);
    expect(picker).toHaveValue('IN');
  });
});

describe('a signed-in donor finds their details filled in', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('name, email, phone and pincode from the account', () => {
    renderForm(['CARD'], { donor: { name: 'Kavya Menon', email: 'kavya@example.com', extension: '+91', phone: '9712345678', pincode: '400012' } });
    expect(screen.getByLabelText('Full name')).toHaveValue('Kavya Menon');
    expect(screen.getByLabelText('Email')).toHaveValue('kavya@example.com');
    expect(screen.getByLabelText('Mobile number')).toHaveValue('9712345678');
    // the picker names the country (India: +91)
    expect(screen.getByLabelText('Country code')).toHaveValue('IN');
    expect(screen.getByLabelText('Pincode')).toHaveValue('400012');
  });
});

describe('FCRA on the payment form', () => {
  it("asks a rupee donor on an Indian number nothing; a card issued abroad asks; a foreign citizen is refused on an NGO without FCRA, and nothing is sent", async () => {
    renderForm(['CARD'], { ngo: { name: 'Paws of Hope Trust', fcra: false } });
    fillDonor();
    expect(screen.queryByTestId('citizenship')).toBeNull();
    fireEvent.click(screen.getByLabelText('Debit or credit card'));
    fireEvent.click(screen.getByTestId('card-abroad'));
    fireEvent.click(screen.getByLabelText('No, I am not an Indian citizen (including OCI or PIO card holders)'));
    expect(screen.getByTestId('fcra-refused')).toHaveTextContent('Paws of Hope Trust has no FCRA registration');
    await contribute();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByTestId('fcra-refused')).toHaveFocus();
  });

  it('lets a foreign citizen give to an NGO with a valid FCRA registration, saying so to the server', async () => {
    renderForm(['CARD'], { ngo: { name: 'Annapurna Foundation', fcra: true } });
    fetchMock.mockReturnValue(answer(422, { error: { code: 'validation_failed', message: 'stop here' } }));
    fillDonor();
    fireEvent.click(screen.getByLabelText('Debit or credit card'));
    fireEvent.click(screen.getByTestId('card-abroad'));
    fireEvent.click(screen.getByLabelText('No, I am not an Indian citizen (including OCI or PIO card holders)'));
    expect(screen.queryByTestId('fcra-refused')).toBeNull();
    await contribute();
    expect(sentBody()).toMatchObject({ citizenship: 'foreign', card_abroad: '1' });
  });
});

describe('captcha on the payment form', () => {
  it('says the captcha is needed and sends nothing until it is solved', async () => {
    renderForm(['CARD'], { captcha: { siteKey: 'site-key' } });
    fillDonor();
    await contribute();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByTestId('captcha')).toHaveTextContent('Please complete the captcha to continue');
  });
});
