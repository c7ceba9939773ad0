// A fundraiser's donors: the campaigner's thank-you form, the donor's show-or-hide-my-name switch, and the
// update-email unsubscribe button. Each checks what it can before sending and shows what the server answered.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import en from '@/messages/en.json';
import { DONOR_MESSAGES } from '@/lib/validation/donors';
import { ACKNOWLEDGEMENT_MAX } from '@/lib/constants/dashboard';
import { AcknowledgeForm, type AcknowledgeLabels } from '@/components/manage/AcknowledgeForm';
import { AnonymousToggle, type AnonymousToggleLabels } from '@/components/portfolio/AnonymousToggle';
import { TransactionList, type TransactionLabels } from '@/components/portfolio/TransactionList';
import { UpdateOptOutForm } from '@/components/story/UpdateOptOutForm';
import type { OrderItem } from '@/lib/portfolio/queries';

const D = en.Donors;
const ackLabels: AcknowledgeLabels = { ...D.form, hint: D.form.hint.replace('{max}', String(ACKNOWLEDGEMENT_MAX)), acknowledged: D.acknowledged, notAcknowledged: D.notAcknowledged };
const A = en.AnonymousGift;
const anonLabels: AnonymousToggleLabels = A;
const O = en.UpdateOptOut;

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
});
const answer = (status: number, body: unknown) => Promise.resolve({ ok: status < 400, status, json: async () => body } as Response);
const sentBody = (call = 0) => JSON.parse((fetchMock.mock.calls[call][1] as RequestInit).body as string);

describe('the acknowledge form', () => {
  const renderForm = (initial = { message: null as string | null, acknowledged_at: null as string | null }) =>
    render(<AcknowledgeForm fundraiserId={7} orderId="SHY123" donorName="Meera Iyer" locale="en" initial={initial} labels={ackLabels} />);
  const field = () => screen.getByLabelText('Your message to Meera Iyer');
  const submit = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));

  it('refuses an empty thank-you before anything is sent', async () => {
    renderForm();
    expect(screen.getByTestId('acknowledge-status')).toHaveTextContent(D.notAcknowledged);
    await submit(D.form.send);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(DONOR_MESSAGES.message);
    expect(field()).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends the first thank-you, says it was emailed, and then offers to change it', async () => {
    fetchMock.mockReturnValueOnce(answer(200, { data: { order_id: 'SHY123', acknowledgement: 'Thank you!', acknowledged_at: '2026-01-05T06:00:00.000Z', emailed: true } }));
    renderForm();
    fireEvent.change(field(), { target: { value: '  Thank you!  ' } });
    await submit(D.form.send);
    expect(fetchMock).toHaveBeenCalledWith('/api/fundraisers/7/donors/SHY123/acknowledge', expect.objectContaining({ method: 'PUT' }));
    expect(sentBody()).toEqual({ message: 'Thank you!' });
    expect(screen.getByText(D.form.sent)).toBeInTheDocument();
    expect(screen.getByTestId('acknowledge-status')).toHaveTextContent('Thanked on 5 Jan 2026');
    expect(screen.getByRole('button', { name: D.form.update })).toBeInTheDocument();
  });

  it('a change to an earlier thank-you is only saved; the server refusal shows under the field', async () => {
    fetchMock
      .mockReturnValueOnce(answer(200, { data: { order_id: 'SHY123', acknowledgement: 'Thanks again', acknowledged_at: '2026-01-05T06:00:00.000Z', emailed: false } }))
      .mockReturnValueOnce(answer(422, { error: { code: 'validation_failed', message: DONOR_MESSAGES.message, fields: { message: DONOR_MESSAGES.message } } }));
    renderForm({ message: 'Thanks', acknowledged_at: '2026-01-05T06:00:00.000Z' });
    expect(field()).toHaveValue('Thanks');
    fireEvent.change(field(), { target: { value: 'Thanks again' } });
    await submit(D.form.update);
    expect(screen.getByText(D.form.saved)).toBeInTheDocument();
    await submit(D.form.update);
    expect(screen.getByRole('alert')).toHaveTextContent(DONOR_MESSAGES.message);
  });
});

describe('the anonymous switch', () => {
  it('hides the name through the API and says so', async () => {
    fetchMock.mockReturnValueOnce(answer(200, { data: { order_id: 'SHY9', is_anonymous: '1' } }));
    render(<AnonymousToggle orderId="SHY9" initial={false} labels={anonLabels} />);
    const toggle = screen.getByRole('switch', { name: A.label });
    expect(toggle).not.toBeChecked();
    await act(async () => fireEvent.click(toggle));
    expect(fetchMock).toHaveBeenCalledWith('/api/orders/SHY9/anonymous', expect.objectContaining({ method: 'PUT' }));
    expect(sentBody()).toEqual({ is_anonymous: '1' });
    expect(toggle).toBeChecked();
    expect(screen.getByText(A.hidden)).toBeInTheDocument();
  });

  it('goes back when the change fails, with the reason', async () => {
    fetchMock.mockReturnValueOnce(answer(404, { error: { code: 'not_found', message: DONOR_MESSAGES.orderNotFound } }));
    render(<AnonymousToggle orderId="SHY9" initial labels={anonLabels} />);
    const toggle = screen.getByRole('switch', { name: A.label });
    await act(async () => fireEvent.click(toggle));
    expect(sentBody()).toEqual({ is_anonymous: '0' });
    expect(toggle).toBeChecked();
    expect(screen.getByText(DONOR_MESSAGES.orderNotFound)).toBeInTheDocument();
  });

  it('shows on each successful donation of the portfolio only', () => {
    const labels = Object.fromEntries(['heading', 'empty', 'showMore', 'loadFailed', 'viewReceipt', 'receiptFor', 'monthly', 'statusSuccess', 'statusPending', 'statusFailed', 'statusRefunded', 'statusCreated', 'refundedPart'].map((k) => [k, k])) as TransactionLabels;
    const order = (n: number, status: string, anonymous: boolean): OrderItem => ({
      order_id: `SHY${n}`,
      status,
      currency: 'INR',
      donated_amount_minor: 100_000,
      tip_amount_minor: 0,
      payment_mode: 'UPI',
      recurring: false,
      created_at: '2026-01-05T06:00:00.000Z',
      fundraiser: { id: n, title: `Fundraiser ${n}`, custom_tag: `f-${n}` },
      receipt_number: null,
      receipt_url: null,
      is_anonymous: anonymous,
      refunded_minor: 0,
    });
    render(<TransactionList initial={[order(1, 'success', true), order(2, 'failed', false)]} hasMore={false} pageSize={10} locale="en" localePrefix="" labels={labels} anonymousLabels={anonLabels} />);
    const [paid, failed] = screen.getAllByTestId('transaction');
    expect(within(paid).getByRole('switch', { name: A.label })).toBeChecked();
    expect(within(failed).queryByRole('switch')).toBeNull();
  });
});

describe('the unsubscribe button', () => {
  it('posts the token and confirms; a refused link says why', async () => {
    fetchMock.mockReturnValueOnce(answer(422, { error: { code: 'validation_failed', message: DONOR_MESSAGES.optOutToken } })).mockReturnValueOnce(answer(200, { data: { opted_out: true } }));
    render(<UpdateOptOutForm fundraiserId={4} token="abc.def" labels={{ submit: O.submit, sending: O.sending, done: O.done, failed: O.failed }} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: O.submit })));
    expect(fetchMock).toHaveBeenCalledWith('/api/fundraisers/4/updates/opt-out', expect.objectContaining({ method: 'POST' }));
    expect(sentBody()).toEqual({ token: 'abc.def' });
    expect(screen.getByText(DONOR_MESSAGES.optOutToken)).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: O.submit })));
    expect(screen.getByText(O.done)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
