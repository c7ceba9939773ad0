// Issue 10: the story's facts show the beneficiary relation and the cause in the page's language, not as stored.
import { render, screen } from '@testing-library/react';
import { createTranslator } from 'next-intl';
import hi from '@/messages/hi.json';
import type { FundraiserDetail } from '@/lib/fundraisers/queries';

// next-intl's server API needs a request; here it answers from the real hi messages.
jest.mock('next-intl/server', () => ({
  getTranslations: async (namespace: string) => createTranslator({ locale: 'hi', messages: hi, namespace: namespace as never }),
}));

// imported after the mock
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { StoryFacts } = require('@/components/story/StoryFacts') as typeof import('@/components/story/StoryFacts');

const stored: Parameters<typeof StoryFacts>[0]['fundraiser'] = {
  is_private: false,
  campaigner_name: 'Meera Iyer',
  beneficiary_name: 'Rohan Iyer',
  beneficiary_relation: 'self',
  cause_name: 'Cancer',
  cause_slug: 'cancer',
  taxexempted: false,
  beneficiary_tax_benefit: false,
} satisfies Partial<FundraiserDetail>;

async function renderFacts(f: Partial<typeof stored> = {}) {
  render(await StoryFacts({ fundraiser: { ...stored, ...f } }));
}

describe('StoryFacts on a Hindi story page', () => {
  it('shows the relation "self" as the translated phrase, not "अभियानकर्ता के self"', async () => {
    await renderFacts();
    const beneficiary = screen.getByTestId('beneficiary');
    expect(beneficiary).toHaveTextContent(`Rohan Iyer · ${hi.Story.relations.self}`);
    expect(beneficiary.textContent).not.toMatch(/self/i);
  });
  it('agrees the relation phrase in Hindi (the campaigner\'s mother)', async () => {
    await renderFacts({ beneficiary_relation: 'mother' });
    expect(screen.getByTestId('beneficiary')).toHaveTextContent('अभियानकर्ता की माँ');
  });
  it('shows the cause by its Hindi name, not the stored "Cancer"', async () => {
    await renderFacts();
    expect(screen.getByTestId('cause')).toHaveTextContent(hi.Causes.cancer);
    expect(screen.getByTestId('cause').textContent).not.toContain('Cancer');
  });
  it('hides the beneficiary of a private story', async () => {
    await renderFacts({ is_private: true });
    expect(screen.queryByTestId('beneficiary')).toBeNull();
  });
});
