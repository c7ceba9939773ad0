// The public lead forms: the referral form (spec 2, 5, 9), the start page's call-back form (spec 3's signup
// lead) and the lead for assistance (spec 7). Each checks with the API's own schema before sending, sends the page's
// utm fields, shows the server's field errors under their fields and, once the team has the lead, says so.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';
import { HOSPITALISATION_STATUSES, REFERRAL_OPTIONS } from '@/lib/constants/fundraisers';
import { LEAD_UTM_VALUE_MAX } from '@/lib/constants/leads';
import { WANT_TO_RAISE_FUNDS } from '@/lib/validation/lead';
import { ReferralForm } from '@/components/leads/ReferralForm';
import { RaiseFundsForm } from '@/components/leads/RaiseFundsForm';
import { AssistanceForm } from '@/components/leads/AssistanceForm';
import { OnStartScreen } from '@/components/leads/OnStartScreen';
import { utmFromSearch } from '@/components/leads/lead-client';

let pathname = '/new/crowdfunding';
jest.mock('next/navigation', () => ({ usePathname: () => pathname }));

const L = en.LeadForms;
const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
  window.history.replaceState(null, '', '/refer');
});
const answer = (status: number, body: unknown) => Promise.resolve({ ok: status < 400, status, json: async () => body } as Response);
const sentBody = (call = 0) => JSON.parse((fetchMock.mock.calls[call][1] as RequestInit).body as string);

const inLocale = (ui: React.ReactNode, messages: { LeadForms: unknown } = en, locale = 'en') =>
  render(
    <NextIntlClientProvider locale={locale} messages={{ LeadForms: messages.LeadForms } as never}>
      {ui}
    </NextIntlClientProvider>,
  );
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));

describe('the referral form (spec 2, 5, 9)', () => {
  it("offers spec 9's treatments and hospitalisation statuses, in the reader's words, sending the spec's values", () => {
    inLocale(<ReferralForm />);
    const options = within(screen.getByLabelText(L.referral.option)).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => o.value)).toEqual(['', ...REFERRAL_OPTIONS]);
    expect(options.map((o) => o.textContent)).toEqual([
      'Choose one',
      'Cancer treatment',
      'Accident treatment',
      'Liver / kidney transplant',
      'Heart operation',
      'Premature baby care (NICU)',
      'Medicines',
      'Memorial',
      'Others',
    ]);
    const statuses = within(screen.getByRole('group', { name: L.referral.status })).getAllByRole('radio') as HTMLInputElement[];
    expect(statuses.map((r) => r.value)).toEqual([...HOSPITALISATION_STATUSES]);
    expect(screen.getByLabelText('Currently hospitalised')).toHaveAttribute('value', 'currently_hospitalised');
    expect(screen.getByLabelText('Hospitalisation not required')).toHaveAttribute('value', 'not_required');
  });

  it("refuses a bad name with spec 5's message before anything is sent, and puts the focus on it", async () => {
    inLocale(<ReferralForm />);
    type(L.yourName, 'R2-D2');
    type(L.yourPhone, '98765 01234');
    fireEvent.change(screen.getByLabelText(L.referral.option), { target: { value: 'heart_operation' } });
    fireEvent.click(screen.getByLabelText('Discharged'));
    await submit(L.referral.submit);
    expect(fetchMock).not.toHaveBeenCalled();
    const name = screen.getByLabelText(L.yourName);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Please enter a valid name');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid name');
    expect(name).toHaveFocus();
  });

  it('asks for the treatment and the hospitalisation status', async () => {
    inLocale(<ReferralForm />);
    type(L.yourName, 'Lakshmi Nair');
    type(L.yourPhone, '9876501234');
    await submit(L.referral.submit);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Please choose one of the options', 'Please choose one of the options']);
    expect(screen.getByLabelText(L.referral.option)).toHaveFocus();
  });

  it('sends the referral with the utm fields of the address and shows the answer', async () => {
    window.history.replaceState(null, '', '/refer?utm_source=whatsapp&utm_campaign=ward-7&ref=x');
    fetchMock.mockReturnValueOnce(answer(201, { data: { id: 41, lead_token: 'sealed' } }));
    inLocale(<ReferralForm />);
    type(L.yourName, ' Lakshmi Nair ');
    type(L.yourPhone, '+91 98765 01234');
    type(L.referral.city, 'Kochi');
    fireEvent.change(screen.getByLabelText(L.referral.option), { target: { value: 'cancer_treatment' } });
    fireEvent.click(screen.getByLabelText('Currently hospitalised'));
    await submit(L.referral.submit);
    expect(fetchMock).toHaveBeenCalledWith('/api/leads/referral', expect.objectContaining({ method: 'POST' }));
    // the optional email and note left empty are not sent; the phone keeps its last 10 digits (spec 5)
    expect(sentBody()).toEqual({
      name: 'Lakshmi Nair',
      phone: '9876501234',
      extension: '+91',
      city: 'Kochi',
      referral_option: 'cancer_treatment',
      hospitalisation_status: 'currently_hospitalised',
      page: 'refer',
      utm_source: 'whatsapp',
      utm_campaign: 'ward-7',
    });
    const sent = screen.getByTestId('lead-sent');
    expect(sent).toHaveAttribute('role', 'status');
    expect(sent).toHaveTextContent(L.referral.sentTitle);
    expect(sent).toHaveTextContent(`${L.reference} #41`);
    expect(sent).toHaveFocus();
    expect(screen.queryByRole('button', { name: L.referral.submit })).toBeNull();
    // another referral starts from an empty form
    fireEvent.click(screen.getByRole('button', { name: L.referral.again }));
    expect(screen.getByLabelText(L.yourName)).toHaveValue('');
  });

  it("shows the server's field errors under their fields, and any other refusal (the captcha) on the form", async () => {
    fetchMock
      .mockReturnValueOnce(answer(422, { error: { code: 'validation_failed', message: 'Please enter a valid number', fields: { phone: 'Please enter a valid number' } } }))
      .mockReturnValueOnce(answer(422, { error: { code: 'validation_failed', message: 'Please complete the captcha', fields: { captcha_response: 'Please complete the captcha' } } }));
    inLocale(<ReferralForm />);
    type(L.yourName, 'Lakshmi Nair');
    type(L.yourPhone, '9876501234');
    fireEvent.change(screen.getByLabelText(L.referral.option), { target: { value: 'medicines' } });
    fireEvent.click(screen.getByLabelText('Discharged'));
    await submit(L.referral.submit);
    expect(screen.getByLabelText(L.yourPhone)).toHaveAccessibleDescription('Please enter a valid number');
    expect(screen.getByLabelText(L.yourPhone)).toHaveFocus();
    await submit(L.referral.submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Please complete the captcha');
    expect(screen.queryByTestId('lead-sent')).toBeNull();
  });

  it("says spec 5's messages in the reader's language", async () => {
    inLocale(<ReferralForm />, hi, 'hi');
    fireEvent.change(screen.getByLabelText(hi.LeadForms.yourName), { target: { value: 'R2-D2' } });
    await submit(hi.LeadForms.referral.submit);
    expect(screen.getByLabelText(hi.LeadForms.yourName)).toHaveAccessibleDescription(hi.LeadForms.errors.name);
    expect(screen.getByLabelText(hi.LeadForms.referral.option)).toHaveAccessibleDescription(hi.LeadForms.errors.choice);
    expect(within(screen.getByLabelText(hi.LeadForms.referral.option)).getAllByRole('option')[1]).toHaveTextContent('कैंसर का इलाज');
  });
});

describe("the start page's call-back form (spec 3's signup lead)", () => {
  it('offers the kinds of cause and sends a want_to_raise_funds lead with cause, city and utm', async () => {
    window.history.replaceState(null, '', '/new/crowdfunding?utm_source=agent_42');
    fetchMock.mockReturnValueOnce(answer(201, { data: { id: 7 } }));
    inLocale(<RaiseFundsForm />);
    const causes = within(screen.getByLabelText(L.callBack.cause)).getAllByRole('option') as HTMLOptionElement[];
    expect(causes.map((o) => [o.value, o.textContent])).toEqual([
      ['', 'Choose one'],
      ['medical', 'Medical treatment'],
      ['personal', 'A personal cause'],
      ['ngo', 'An NGO or charity'],
      ['creative', 'A creative project'],
    ]);
    type(L.yourName, 'Anita Kumar');
    type(L.yourPhone, '9845067890');
    type(L.email, 'Anita@Example.com');
    type(L.cityOptional, 'Pune');
    fireEvent.change(screen.getByLabelText(L.callBack.cause), { target: { value: 'medical' } });
    await submit(L.callBack.submit);
    expect(fetchMock).toHaveBeenCalledWith('/api/leads', expect.objectContaining({ method: 'POST' }));
    expect(sentBody()).toEqual({
      name: 'Anita Kumar',
      phone: '9845067890',
      email: 'anita@example.com',
      extension: '+91',
      query_type: WANT_TO_RAISE_FUNDS,
      cause: 'medical',
      city: 'Pune',
      page: 'new/crowdfunding',
      utm_source: 'agent_42',
    });
    expect(screen.getByTestId('lead-sent')).toHaveTextContent(L.callBack.sentTitle);
  });

  it('needs a cause and a valid email before it calls', async () => {
    inLocale(<RaiseFundsForm />);
    type(L.yourName, 'Anita Kumar');
    type(L.yourPhone, '9845067890');
    type(L.email, 'anita@');
    await submit(L.callBack.submit);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByLabelText(L.email)).toHaveAccessibleDescription('Please enter a valid email');
    expect(screen.getByLabelText(L.callBack.cause)).toHaveAccessibleDescription('Field Required');
  });

  it('belongs to the first screen only: the wizard moving into its steps takes it away', () => {
    pathname = '/new/crowdfunding';
    const { rerender } = render(<OnStartScreen>call me back</OnStartScreen>);
    expect(screen.getByText('call me back')).toBeInTheDocument();
    pathname = '/hi/new/crowdfunding/form';
    rerender(<OnStartScreen>call me back</OnStartScreen>);
    expect(screen.queryByText('call me back')).toBeNull();
  });
});

describe('the lead for assistance (spec 7)', () => {
  it('needs a message, and names the fundraiser it is about', async () => {
    fetchMock.mockReturnValueOnce(answer(201, { data: { id: 12 } }));
    inLocale(<AssistanceForm campaignId={31} />);
    type(L.yourName, 'Ravi Shankar');
    type(L.yourPhone, '9900112233');
    type(L.email, 'ravi@example.com');
    await submit(L.assistance.submit);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByLabelText(L.assistance.about)).toHaveAccessibleDescription('Field Required');
    type(L.assistance.about, 'How do I add a hospital estimate?');
    await submit(L.assistance.submit);
    expect(fetchMock).toHaveBeenCalledWith('/api/leads/assistance', expect.objectContaining({ method: 'POST' }));
    expect(sentBody()).toMatchObject({ campaign_id: 31, about: 'How do I add a hospital estimate?', page: 'assistance' });
    expect(screen.getByTestId('lead-sent')).toHaveTextContent(`${L.reference} #12`);
  });

  it('a network failure leaves the form as typed, with a message', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    inLocale(<AssistanceForm />);
    type(L.yourName, 'Ravi Shankar');
    type(L.yourPhone, '9900112233');
    type(L.email, 'ravi@example.com');
    type(L.assistance.about, 'Please call me');
    await submit(L.assistance.submit);
    expect(screen.getByRole('alert')).toHaveTextContent(L.failed);
    expect(screen.getByLabelText(L.assistance.about)).toHaveValue('Please call me');
  });
});

describe('utm fields from the address', () => {
  it('keeps the five utm keys, trimmed to what the API accepts, without control characters', () => {
    const long = 'x'.repeat(LEAD_UTM_VALUE_MAX + 20);
    expect(utmFromSearch(`?utm_source=whatsapp&utm_medium=%0Ashare%01&utm_term=&utm_content=${long}&gclid=abc`)).toEqual({
      utm_source: 'whatsapp',
      utm_medium: 'share',
      utm_content: 'x'.repeat(LEAD_UTM_VALUE_MAX),
    });
  });
});
