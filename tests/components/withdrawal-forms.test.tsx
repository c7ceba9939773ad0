// Withdrawals: the campaigner's payout-account and withdrawal forms and the reviewer's decision check what
// they can before anything is sent (the shared zod rules), and show the server's message when it refuses.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createTranslator } from 'next-intl';
import en from '@/messages/en.json';
import { WITHDRAWAL_MESSAGES } from '@/lib/validation/withdrawals';
import { PayoutAccountForm } from '@/components/manage/PayoutAccountForm';
import { WithdrawalRequestForm } from '@/components/manage/WithdrawalRequestForm';
import { WithdrawalDecision } from '@/components/review/WithdrawalDecision';
import { PAYOUT_ACCOUNT_LABEL_KEYS, WITHDRAWAL_DECISION_LABEL_KEYS, WITHDRAWAL_REQUEST_LABEL_KEYS, wordsOf, type PayoutAccountLabels, type WithdrawalDecisionLabels, type WithdrawalRequestLabels } from '@/components/manage/withdrawal-labels';

const refresh = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh }) }));

const t = createTranslator({ locale: 'en', messages: en, namespace: 'Withdrawals' });
const W = en.Withdrawals;
const accountLabels: PayoutAccountLabels = { ...wordsOf(PAYOUT_ACCOUNT_LABEL_KEYS, (k) => t(`account.${k}`)), endingIn: W.account.endingIn };
const requestLabels: WithdrawalRequestLabels = { ...wordsOf(WITHDRAWAL_REQUEST_LABEL_KEYS, (k) => t(`request.${k}`)), amountHint: W.request.amountHint };
const decisionLabels: WithdrawalDecisionLabels = { ...wordsOf(WITHDRAWAL_DECISION_LABEL_KEYS, (k) => t(`review.${k}`)), statuses: W.status };

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  refresh.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
});
const answer = (status: number, body: unknown) => Promise.resolve({ ok: status < 400, status, json: async () => body } as Response);
const sent = (call = 0) => fetchMock.mock.calls[call][1] as RequestInit;

const ACCOUNT = { name: 'Meena Devi', number: '123456789012', ifsc: 'SBIN0001234' };
function fillAccount(values: Partial<{ name: string; number: string; confirm: string; ifsc: string }> = {}) {
  const v = { name: ACCOUNT.name, number: ACCOUNT.number, confirm: ACCOUNT.number, ifsc: ACCOUNT.ifsc, ...values };
  fireEvent.change(screen.getByLabelText(W.account.holderName), { target: { value: v.name } });
  fireEvent.change(screen.getByLabelText(W.account.accountNumber), { target: { value: v.number } });
  fireEvent.change(screen.getByLabelText(W.account.accountNumberConfirm), { target: { value: v.confirm } });
  fireEvent.change(screen.getByLabelText(W.account.ifsc), { target: { value: v.ifsc } });
}
const saveAccount = () => act(async () => fireEvent.click(screen.getByRole('button', { name: W.account.save })));

describe('the payout bank account form', () => {
  it('refuses two different account numbers before anything is sent, under the second one', async () => {
    render(<PayoutAccountForm fundraiserId={3} initial={null} labels={accountLabels} />);
    expect(screen.getByText(W.account.none)).toBeInTheDocument();
    fillAccount({ confirm: '123456789013' });
    await saveAccount();
    expect(fetchMock).not.toHaveBeenCalled();
    const confirm = screen.getByLabelText(W.account.accountNumberConfirm);
    expect(screen.getByRole('alert')).toHaveTextContent(WITHDRAWAL_MESSAGES.accountMismatch);
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveAccessibleDescription(expect.stringContaining(WITHDRAWAL_MESSAGES.accountMismatch));
    // the first field in error has the focus
    expect(confirm).toHaveFocus();
  });

  it("refuses an IFSC that is not the bank's format, with its message", async () => {
    render(<PayoutAccountForm fundraiserId={3} initial={null} labels={accountLabels} />);
    fillAccount({ ifsc: 'SBIN1001234' });
    await saveAccount();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(WITHDRAWAL_MESSAGES.ifsc);
    expect(screen.getByLabelText(W.account.ifsc)).toHaveAttribute('aria-invalid', 'true');
  });

  it('saves the account and then shows only its last four digits; the page is refreshed for the request form', async () => {
    fetchMock.mockReturnValueOnce(answer(200, { data: { account_holder_name: 'Meena Devi', account_number_last4: '9012', ifsc_code: 'SBIN0001234', updated_at: '2026-01-01T00:00:00.000Z' } }));
    render(<PayoutAccountForm fundraiserId={3} initial={null} labels={accountLabels} />);
    fillAccount({ ifsc: 'sbin0001234' });
    await saveAccount();
    expect(fetchMock).toHaveBeenCalledWith('/api/campaigns/3/payout-account', expect.objectContaining({ method: 'PUT' }));
    expect(JSON.parse(sent().body as string)).toEqual({ account_holder_name: 'Meena Devi', account_number: '123456789012', account_number_confirm: '123456789012', ifsc_code: 'SBIN0001234' });
    const saved = screen.getByTestId('payout-account');
    expect(saved).toHaveTextContent('Account ending 9012');
    expect(saved).not.toHaveTextContent('12345678');
    expect(screen.getByText(W.account.saved)).toBeInTheDocument();
    expect(screen.queryByLabelText(W.account.accountNumberConfirm)).toBeNull();
    expect(refresh).toHaveBeenCalled();
    // changing it opens the form again, empty
    fireEvent.click(screen.getByRole('button', { name: W.account.change }));
    expect(screen.getByLabelText(W.account.accountNumber)).toHaveValue('');
  });

  it("shows the server's field message next to its field, and any other refusal at the form's top", async () => {
    render(<PayoutAccountForm fundraiserId={3} initial={null} labels={accountLabels} />);
    fillAccount();
    fetchMock.mockReturnValueOnce(answer(422, { error: { code: 'validation_failed', message: 'Invalid request', fields: { ifsc_code: 'No branch has this IFSC' } } }));
    await saveAccount();
    expect(screen.getByRole('alert')).toHaveTextContent('No branch has this IFSC');
    expect(screen.getByLabelText(W.account.ifsc)).toHaveAccessibleDescription(expect.stringContaining('No branch has this IFSC'));

    fetchMock.mockReturnValueOnce(answer(409, { error: { code: 'conflict', message: 'A supporting fundraiser has no bank account of its own' } }));
    await saveAccount();
    expect(screen.getByRole('alert')).toHaveTextContent('A supporting fundraiser has no bank account of its own');
    expect(refresh).not.toHaveBeenCalled();
  });
});

const PNG_HEAD = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const bill = () => new File([PNG_HEAD], 'bill.png', { type: 'image/png' });
const requestProps = { fundraiserId: 8, currency: 'INR', available: 2500.5, availableText: '₹2,500.50', hasAccount: true, labels: requestLabels };
function fillRequest(values: Partial<{ amount: string; purpose: string; file: File | null }> = {}) {
  const v = { amount: '1200', purpose: 'Hospital bill for the first week', file: bill() as File | null, ...values };
  fireEvent.change(screen.getByLabelText(`${W.request.amount} (INR)`), { target: { value: v.amount } });
  fireEvent.change(screen.getByLabelText(W.request.purpose), { target: { value: v.purpose } });
  if (v.file) fireEvent.change(screen.getByLabelText(W.request.document), { target: { files: [v.file] } });
}
const sendRequest = () => act(async () => fireEvent.click(screen.getByRole('button', { name: W.request.submit })));

describe('the withdrawal request form', () => {
  it('refuses an amount above the available balance on the form, with the balance in the message', async () => {
    render(<WithdrawalRequestForm {...requestProps} />);
    expect(screen.getByText('Up to ₹2,500.50.')).toBeInTheDocument();
    fillRequest({ amount: '2500.51' });
    await sendRequest();
    expect(fetchMock).not.toHaveBeenCalled();
    const amount = screen.getByLabelText(`${W.request.amount} (INR)`);
    expect(screen.getByRole('alert')).toHaveTextContent(WITHDRAWAL_MESSAGES.aboveBalance('₹2,500.50'));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveFocus();
  });

  it('needs a purpose and a bill, with the shared messages', async () => {
    render(<WithdrawalRequestForm {...requestProps} />);
    fillRequest({ purpose: 'Bill', file: null });
    await sendRequest();
    expect(fetchMock).not.toHaveBeenCalled();
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toEqual([WITHDRAWAL_MESSAGES.purpose, WITHDRAWAL_MESSAGES.document]);
  });

  it("sends the amount, purpose and bill as a form; the server's refusal is shown next to its field", async () => {
    const message = WITHDRAWAL_MESSAGES.aboveBalance('₹1,000.00');
    fetchMock.mockReturnValueOnce(answer(409, { error: { code: 'conflict', message, fields: { amount: message } } }));
    render(<WithdrawalRequestForm {...requestProps} />);
    fillRequest();
    await sendRequest();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledWith('/api/campaigns/8/withdrawals', expect.objectContaining({ method: 'POST' }));
    const body = sent().body as FormData;
    expect(body.get('amount')).toBe('1200');
    expect(body.get('purpose')).toBe('Hospital bill for the first week');
    expect((body.get('document') as File).name).toBe('bill.png');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(message));
    expect(screen.getByLabelText(`${W.request.amount} (INR)`)).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(refresh).not.toHaveBeenCalled();
  });

  it("shows a refusal without a field at the form's top, and a request that went through refreshes the balance", async () => {
    fetchMock.mockReturnValueOnce(answer(409, { error: { code: 'conflict', message: WITHDRAWAL_MESSAGES.noAccount } }));
    render(<WithdrawalRequestForm {...requestProps} />);
    fillRequest();
    await sendRequest();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(WITHDRAWAL_MESSAGES.noAccount));

    fetchMock.mockReturnValueOnce(answer(201, { data: { id: 4, status: 'requested' } }));
    await sendRequest();
    await waitFor(() => expect(screen.getByText(W.request.sent)).toBeInTheDocument());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(refresh).toHaveBeenCalled();
    expect(screen.getByLabelText(W.request.purpose)).toHaveValue('');
  });

  it('is not offered without a bank account, nor when nothing is available', () => {
    const { rerender } = render(<WithdrawalRequestForm {...requestProps} hasAccount={false} />);
    expect(screen.getByText(W.request.needsAccount)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: W.request.submit })).toBeNull();
    rerender(<WithdrawalRequestForm {...requestProps} available={0} availableText="₹0" />);
    expect(screen.getByText(W.request.nothingAvailable)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: W.request.submit })).toBeNull();
  });
});

describe("a reviewer's decision on a withdrawal", () => {
  it('reject needs a reason (nothing sent without one); the reason is sent and the status follows', async () => {
    fetchMock.mockReturnValueOnce(answer(200, { data: { id: 5, status: 'rejected' } }));
    render(<WithdrawalDecision withdrawalId={5} status="requested" labels={decisionLabels} />);
    expect(screen.getByTestId('withdrawal-status')).toHaveTextContent(W.status.requested);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: W.review.reject })));
    expect(fetchMock).not.toHaveBeenCalled();
    const reason = screen.getByLabelText(W.review.reason);
    expect(screen.getByRole('alert')).toHaveTextContent(WITHDRAWAL_MESSAGES.reason);
    expect(reason).toHaveFocus();
    fireEvent.change(reason, { target: { value: 'The bill is for a different patient.' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: W.review.reject })));
    expect(fetchMock).toHaveBeenCalledWith('/api/withdrawals/5', expect.objectContaining({ method: 'POST' }));
    expect(JSON.parse(sent().body as string)).toEqual({ decision: 'reject', reason: 'The bill is for a different patient.' });
    expect(screen.getByRole('status')).toHaveTextContent(W.review.rejected);
    expect(screen.getByTestId('withdrawal-status')).toHaveTextContent(W.status.rejected);
    expect(screen.queryByRole('button', { name: W.review.approve })).toBeNull();
  });

  it('approve, then mark paid with the bank reference (required) on the same card', async () => {
    fetchMock.mockReturnValueOnce(answer(200, { data: { id: 6, status: 'approved' } })).mockReturnValueOnce(answer(200, { data: { id: 6, status: 'paid' } }));
    render(<WithdrawalDecision withdrawalId={6} status="requested" labels={decisionLabels} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: W.review.approve })));
    expect(JSON.parse(sent(0).body as string)).toEqual({ decision: 'approve' });
    expect(screen.getByRole('status')).toHaveTextContent(W.review.approved);
    expect(screen.getByTestId('withdrawal-status')).toHaveTextContent(W.status.approved);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: W.review.markPaid })));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert')).toHaveTextContent(WITHDRAWAL_MESSAGES.reference);
    fireEvent.change(screen.getByLabelText(W.review.reference), { target: { value: 'UTR 4411 2233' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: W.review.markPaid })));
    expect(JSON.parse(sent(1).body as string)).toEqual({ decision: 'paid', reference: 'UTR 4411 2233' });
    expect(screen.getByTestId('withdrawal-status')).toHaveTextContent(W.status.paid);
    expect(screen.queryByRole('button', { name: W.review.markPaid })).toBeNull();
  });

  it("shows the server's refusal and keeps the actions", async () => {
    fetchMock.mockReturnValueOnce(answer(409, { error: { code: 'conflict', message: WITHDRAWAL_MESSAGES.ownFundraiser } }));
    render(<WithdrawalDecision withdrawalId={7} status="requested" labels={decisionLabels} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: W.review.approve })));
    expect(within(screen.getByRole('alert')).getByText(WITHDRAWAL_MESSAGES.ownFundraiser)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: W.review.approve })).toBeEnabled();
    expect(screen.getByTestId('withdrawal-status')).toHaveTextContent(W.status.requested);
  });
});
