import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createTranslator } from 'next-intl';
import en from '@/messages/en.json';
import { TransactionList, type TransactionLabels } from '@/components/portfolio/TransactionList';
import { ProfileForm, type ProfileLabels } from '@/components/portfolio/ProfileForm';
import { AvatarUpload, type AvatarLabels } from '@/components/portfolio/AvatarUpload';
import type { OrderItem, SubscriptionItem } from '@/lib/portfolio/queries';

jest.mock('next-intl/server', () => ({
  getTranslations: async (namespace: string) => createTranslator({ locale: 'en', messages: en, namespace: namespace as never }),
}));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SubscriptionList } = require('@/components/portfolio/SubscriptionList') as typeof import('@/components/portfolio/SubscriptionList');

const P = en.Portfolio;
const txnLabels: TransactionLabels = {
  heading: P.transactionsHeading,
  empty: P.noTransactions,
  showMore: P.showMore,
  loadFailed: P.loadFailed,
  viewReceipt: P.viewReceipt,
  receiptFor: P.receiptFor,
  monthly: P.monthly,
  statusSuccess: P.statusSuccess,
  statusPending: P.statusPending,
  statusFailed: P.statusFailed,
  statusRefunded: P.statusRefunded,
  statusCreated: P.statusCreated,
  refundedPart: P.refundedPart,
};

const order = (n: number, status = 'success'): OrderItem => ({
  order_id: `SHYORDER${n}`,
  status,
  currency: 'INR',
  donated_amount_minor: n * 100_000,
  tip_amount_minor: 0,
  payment_mode: 'UPI',
  recurring: false,
  created_at: new Date(Date.UTC(2026, 0, 10 - n)).toISOString(),
  fundraiser: { id: n, title: `Help fundraiser ${n}`, custom_tag: `help-${n}` },
  receipt_number: status === 'success' ? `SHYORDER${n}` : null,
  receipt_url: status === 'success' ? `/portfolio/receipts/SHYORDER${n}` : null,
  is_anonymous: false,
  refunded_minor: 0,
});

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
});
const answer = (status: number, body: unknown) => Promise.resolve({ ok: status < 400, status, json: async () => body } as Response);

describe('transactions on /portfolio', () => {
  it("spec 8: an empty list reads 'No Transaction Found'", () => {
    render(<TransactionList initial={[]} hasMore={false} pageSize={10} locale="en" localePrefix="" labels={txnLabels} />);
    expect(screen.getByText('No Transaction Found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('shows amount, status and a receipt link for successful orders only, in the page language', () => {
    render(<TransactionList initial={[order(1), order(2, 'failed')]} hasMore={false} pageSize={10} locale="hi" localePrefix="/hi" labels={txnLabels} />);
    const [first, second] = screen.getAllByTestId('transaction');
    expect(within(first).getByRole('link', { name: 'Help fundraiser 1' })).toHaveAttribute('href', '/hi/stories/help-1');
    expect(within(first).getByRole('link', { name: 'View receipt SHYORDER1' })).toHaveAttribute('href', '/hi/portfolio/receipts/SHYORDER1');
    expect(within(first).getByText('Successful')).toBeInTheDocument();
    expect(within(first).getByText('₹1,000')).toBeInTheDocument();
    expect(within(second).getByText('Failed')).toBeInTheDocument();
    expect(within(second).queryByRole('link', { name: /View receipt/ })).toBeNull();
  });

  it('says how much of a gift was refunded when part of it came back', () => {
    render(<TransactionList initial={[{ ...order(2), refunded_minor: 50_000 }, order(3)]} hasMore={false} pageSize={10} locale="en" localePrefix="" labels={txnLabels} />);
    const [partly, whole] = screen.getAllByTestId('transaction');
    expect(within(partly).getByTestId('txn-refunded')).toHaveTextContent('₹500 refunded');
    expect(within(partly).getByText('Successful')).toBeInTheDocument();
    expect(within(whole).queryByTestId('txn-refunded')).toBeNull();
  });

  it('"Show more" asks for the next page newest first and appends it', async () => {
    fetchMock.mockReturnValueOnce(answer(200, { data: [order(3), order(4)], meta: { pagination: { has_more: false } } }));
    render(<TransactionList initial={[order(1), order(2)]} hasMore pageSize={2} locale="en" localePrefix="" labels={txnLabels} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show more' })));
    expect(fetchMock).toHaveBeenCalledWith('/api/users/me/orders?page=2&limit=2&orderBy=creation_date&sortedBy=desc', expect.anything());
    expect(screen.getAllByTestId('transaction').map((li) => within(li).getAllByRole('link')[0].textContent)).toEqual(['Help fundraiser 1', 'Help fundraiser 2', 'Help fundraiser 3', 'Help fundraiser 4']);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('says so when the next page fails to load', async () => {
    fetchMock.mockReturnValueOnce(answer(500, {}));
    render(<TransactionList initial={[order(1)]} hasMore pageSize={1} locale="en" localePrefix="" labels={txnLabels} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show more' })));
    expect(screen.getByRole('alert')).toHaveTextContent(P.loadFailed);
  });
});

describe('SIPs list', () => {
  it('shows cause, monthly amount, status and the next payment date, due soon within 5 days', async () => {
    const now = new Date(Date.UTC(2026, 2, 1));
    const subs: SubscriptionItem[] = [
      { id: 1, sip_cause: 'education', campaign_id: null, campaign: null, currency: 'INR', amount_minor: 50_000, status_flag: 1, status: 'active', frequency: 'monthly', next_payment_date: new Date(Date.UTC(2026, 2, 4)).toISOString(), created_at: now.toISOString(), paused_until: null, skip_period: null, lines: [], mandate: null },
      { id: 2, sip_cause: 'animals', campaign_id: null, campaign: null, currency: 'INR', amount_minor: 20_000, status_flag: 2, status: 'paused', frequency: 'monthly', next_payment_date: null, created_at: now.toISOString(), paused_until: null, skip_period: null, lines: [], mandate: null },
    ];
    render(await SubscriptionList({ subscriptions: subs, locale: 'en', now }));
    const items = within(screen.getByTestId('subscriptions')).getAllByRole('listitem');
    expect(within(items[0]).getByRole('heading', { name: 'Education' })).toBeInTheDocument();
    expect(within(items[0]).getByText('₹500 a month')).toBeInTheDocument();
    expect(within(items[0]).getByText('Active')).toBeInTheDocument();
    expect(within(items[0]).getByText('Due soon')).toBeInTheDocument();
    expect(within(items[1]).getByText('Paused')).toBeInTheDocument();
    expect(within(items[1]).getByText('Not scheduled')).toBeInTheDocument();
  });

  it('says when there is no SIP', async () => {
    render(await SubscriptionList({ subscriptions: [], locale: 'en' }));
    expect(screen.getByText(en.Sip.empty)).toBeInTheDocument();
  });
});

const R = en.Profile;
const profileLabels = Object.fromEntries(
  (['name', 'extension', 'phone', 'pincode', 'pan', 'panHelp', 'address', 'gender', 'genderNone', 'genderMale', 'genderFemale', 'genderOther', 'save', 'saving', 'saved', 'failed', 'signInAgain'] as const).map((k) => [k, R[k]]),
) as ProfileLabels;
const initial = { full_name: 'Asha Rao', extension: '+91', phone_1: '9876543210', pincode: '560001', pan_number: null, address_1: null, gender: null };

describe('profile form', () => {
  it('shows the spec 5 messages and sends nothing while a field is wrong', async () => {
    render(<ProfileForm initial={initial} labels={profileLabels} signInHref="/new/signin?redirect_uri=%2Fprofile" />);
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'R2D2' } });
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '5123456789' } });
    fireEvent.change(screen.getByLabelText('Pincode'), { target: { value: '1234' } });
    fireEvent.change(screen.getByLabelText('PAN'), { target: { value: 'ABC' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    expect(await screen.findByText('Please enter a valid name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid number')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid pincode')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid PAN')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('PUTs the changes and confirms; a server field message is shown under its field', async () => {
    fetchMock.mockReturnValueOnce(answer(200, { data: {} }));
    render(<ProfileForm initial={initial} labels={profileLabels} signInHref="/x" />);
    fireEvent.change(screen.getByLabelText('PAN'), { target: { value: 'abcde1234f' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    expect(await screen.findByRole('status')).toHaveTextContent(R.saved);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/users/me');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body)).toMatchObject({ full_name: 'Asha Rao', phone_1: '9876543210', pan_number: 'ABCDE1234F' });

    fetchMock.mockReturnValueOnce(answer(422, { error: { code: 'validation_failed', message: 'Please enter a valid pincode', fields: { pincode: 'Please enter a valid pincode' } } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    expect(await screen.findByText('Please enter a valid pincode')).toBeInTheDocument();
  });
});

const A = en.Profile;
const avatarLabels: AvatarLabels = { heading: A.avatarHeading, choose: A.avatarChoose, help: A.avatarHelp, uploading: A.avatarUploading, saved: A.avatarSaved, alt: A.avatarAlt, none: A.avatarNone, failed: A.avatarFailed, signInAgain: A.signInAgain };
const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'));

describe('avatar upload', () => {
  const choose = async (file: File) => {
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Choose a picture'), { target: { files: [file] } });
    });
  };

  it("checks the same spec 5 rules before uploading: extension, content, size", async () => {
    render(<AvatarUpload current={null} labels={avatarLabels} signInHref="/x" />);
    await choose(new File([PNG], 'photo.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unsupported file format');
    await choose(new File(['<html><script>alert(1)</script></html>'], 'photo.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unsupported file format');
    const big = new File([PNG], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await choose(big);
    expect(await screen.findByRole('alert')).toHaveTextContent('File size exeeds 10MB');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uploads a good picture and shows it; a server refusal is shown as it is', async () => {
    fetchMock.mockReturnValueOnce(answer(201, { data: { avatar: '/media/avatars/abc.png' } }));
    render(<AvatarUpload current={null} labels={avatarLabels} signInHref="/x" />);
    await choose(new File([PNG], 'me.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: A.avatarAlt })).toHaveAttribute('src', '/media/avatars/abc.png');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/users/me/avatar');
    expect(fetchMock.mock.calls[0][1].body).toBeInstanceOf(FormData);

    fetchMock.mockReturnValueOnce(answer(422, { error: { code: 'validation_failed', message: 'Unsupported file format', fields: { file: 'Unsupported file format' } } }));
    await choose(new File([PNG], 'again.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unsupported file format');
  });
});
