// The story's "How funds are used" lists each approved withdrawal's amount, date and purpose, and links its
// bill to the route that decides who may see it (the cached page never knows who reads it).
import { render, screen, within } from '@testing-library/react';
import { createTranslator } from 'next-intl';
import en from '@/messages/en.json';
import { FundsUsed, type FundsUsedLabels } from '@/components/story/FundsUsed';
import type { StoryWithdrawal } from '@/lib/fundraisers/funds-used';

const t = createTranslator({ locale: 'en', messages: en, namespace: 'Story' });
const labels: FundsUsedLabels = {
  heading: t('fundsUsed'),
  intro: t('fundsUsedIntro'),
  none: t('fundsUsedNone'),
  total: (amount) => t('fundsUsedTotal', { amount }),
  approvedOn: (date) => t('fundsUsedApprovedOn', { date }),
  paidOn: (date) => t('fundsUsedPaidOn', { date }),
  document: t('fundsUsedDocument'),
  documentNote: t('fundsUsedDocumentNote'),
};

const withdrawals: StoryWithdrawal[] = [
  { id: 7, amount_minor: 250_050, currency: 'INR', purpose: 'Medicines for two weeks', status: 'approved', approved_at: '2025-03-02T06:00:00.000Z', paid_at: null, document_url: '/api/campaigns/3/withdrawals/7/document' },
  { id: 5, amount_minor: 1_000_000, currency: 'INR', purpose: 'Hospital bill, first week', status: 'paid', approved_at: '2025-02-20T06:00:00.000Z', paid_at: '2025-02-22T06:00:00.000Z', document_url: '/api/campaigns/3/withdrawals/5/document' },
];

describe('How funds are used', () => {
  it('lists each approved withdrawal with its amount, date, purpose and a link to its bill, and the total', () => {
    render(<FundsUsed withdrawals={withdrawals} currency="INR" locale="en" labels={labels} />);
    expect(screen.getByRole('heading', { name: 'How funds are used' })).toBeInTheDocument();
    expect(screen.getByText('Withdrawn so far: ₹12,500.50')).toBeInTheDocument();
    const items = screen.getAllByTestId('funds-used-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('₹2,500.50');
    expect(items[0]).toHaveTextContent('Medicines for two weeks');
    expect(items[0]).toHaveTextContent('Approved on Mar 2, 2025');
    expect(items[1]).toHaveTextContent('Paid on Feb 22, 2025');
    expect(within(items[1]).getByRole('link', { name: 'See the bill' })).toHaveAttribute('href', '/api/campaigns/3/withdrawals/5/document');
  });

  it('says so when nothing has been withdrawn', () => {
    render(<FundsUsed withdrawals={[]} currency="INR" locale="en" labels={labels} />);
    expect(screen.getByText('No money has been withdrawn yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
