import { fireEvent, render, screen } from '@testing-library/react';
import { createTranslator, NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { FallbackImage } from '@/components/ui/FallbackImage';
import { ProgressBar } from '@/components/ui/ProgressBar';
import type { FundraiserSummary } from '@/lib/fundraisers/queries';

// next-intl's server API needs a request; here it answers from the real en messages.
jest.mock('next-intl/server', () => ({
  getTranslations: async (namespace: string) => createTranslator({ locale: 'en', messages: en, namespace: namespace as never }),
}));
// the real module's other exports too: next-intl's navigation, loaded as an ES module on Node 24, imports redirect by name
jest.mock('next/navigation', () => ({ ...jest.requireActual('next/navigation'), usePathname: () => '/', useRouter: () => ({ push: jest.fn() }) }));

// imported after the mocks
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { FundraiserCard } = require('@/components/fundraiser/FundraiserCard') as typeof import('@/components/fundraiser/FundraiserCard');

const now = new Date('2026-11-22T00:00:00Z');
const base: FundraiserSummary = {
  id: 7,
  custom_tag: 'help-asha',
  title: 'Help Asha beat blood cancer',
  status_flag: 1,
  end_date: '2026-12-22T00:00:00.000Z',
  currency: 'INR',
  goal_minor: 50_000_000,
  raised_minor: 12_500_000,
  donor_count: 42,
  taxexempted: false,
  beneficiary_tax_benefit: false,
  cause_id: 4,
  parent_cause_id: 20,
  is_private: false,
  short_description: null,
  trending_score: 1,
  campaigner_name: 'Meera Iyer',
  images: { leaderboard: { cdn_path: '/lb.svg', width: 1200, height: 675 }, theater: null, widget: null },
};

const inLocale = (ui: React.ReactNode) => (
  <NextIntlClientProvider locale="en" messages={en}>
    {ui}
  </NextIntlClientProvider>
);

async function renderCard(f: Partial<FundraiserSummary>) {
  render(inLocale(await FundraiserCard({ fundraiser: { ...base, ...f }, locale: 'en', now })));
}

describe('FundraiserCard (spec 2)', () => {
  it('shows title, campaigner, raised of goal, supporters and days left, linking to the story', async () => {
    await renderCard({});
    const link = screen.getByRole('link', { name: 'Help Asha beat blood cancer' });
    expect(link).toHaveAttribute('href', '/stories/help-asha');
    expect(screen.getByText('by Meera Iyer')).toBeInTheDocument();
    expect(screen.getByText('₹1,25,000 raised of ₹5,00,000')).toBeInTheDocument();
    expect(screen.getByText('42 supporters')).toBeInTheDocument();
    expect(screen.getByText('30 days left')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
  });

  it('Contribute goes to the payment screen, and is hidden once ended', async () => {
    await renderCard({});
    expect(screen.getByRole('link', { name: 'Contribute' })).toHaveAttribute('href', '/new/payment?ct=help-asha&id=7&payment=form');
    document.body.innerHTML = '';
    await renderCard({ status_flag: 4 });
    expect(screen.queryByRole('link', { name: 'Contribute' })).toBeNull();
    expect(screen.getByText('Ended')).toBeInTheDocument();
  });

  it("shows 'TAX Benefit' for taxexempted or beneficiary tax_benefit only", async () => {
    await renderCard({ taxexempted: true });
    expect(screen.getByText('TAX Benefit')).toBeInTheDocument();
    document.body.innerHTML = '';
    await renderCard({ beneficiary_tax_benefit: true });
    expect(screen.getByText('TAX Benefit')).toBeInTheDocument();
    document.body.innerHTML = '';
    await renderCard({});
    expect(screen.queryByText('TAX Benefit')).toBeNull();
  });

  it('uses the image fallback chain and sets width and height', async () => {
    const { container } = render(inLocale(await FundraiserCard({ fundraiser: { ...base, images: { leaderboard: null, theater: null, widget: { cdn_path: '/w.svg', width: 600, height: 338 } } }, locale: 'en', now })));
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('src', '/w.svg');
    expect(img).toHaveAttribute('width');
    expect(img).toHaveAttribute('height');
  });

  it('offers a demo picture at the widths of its srcset, so a phone downloads the width it shows', async () => {
    const { container } = render(inLocale(await FundraiserCard({ fundraiser: { ...base, images: { leaderboard: { cdn_path: '/media/demo/animals/7/leaderboard.webp', width: 1200, height: 675 }, theater: null, widget: null } }, locale: 'en', now })));
    const img = container.querySelector('img')!;
    expect(img.getAttribute('srcset')).toBe('/media/demo/animals/7/leaderboard-240w.webp 240w, /media/demo/animals/7/leaderboard-480w.webp 480w, /media/demo/animals/7/leaderboard-800w.webp 800w, /media/demo/animals/7/leaderboard.webp 1200w');
    expect(img.getAttribute('sizes')).toContain('100vw');
  });
});

describe('FallbackImage', () => {
  it('swaps to the default image when the image fails to load', () => {
    render(<FallbackImage src="/broken.jpg" fallbackSrc="/default.svg" alt="x" width={10} height={10} />);
    const img = screen.getByAltText('x');
    expect(img).toHaveAttribute('src', '/broken.jpg');
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', '/default.svg');
  });

  it('drops the srcset with the broken picture, so the browser cannot pick a broken width', () => {
    render(<FallbackImage src="/media/demo/animals/7/leaderboard.webp" srcSet="/media/demo/animals/7/leaderboard-480w.webp 480w" sizes="100vw" fallbackSrc="/default.svg" alt="y" width={10} height={10} />);
    const img = screen.getByAltText('y');
    expect(img).toHaveAttribute('srcset');
    fireEvent.error(img);
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
    expect(img).toHaveAttribute('src', '/default.svg');
  });
});

describe('FallbackImage before hydration', () => {
  const proto = HTMLImageElement.prototype;
  const stub = (complete: boolean, naturalWidth: number) => {
    jest.spyOn(proto, 'complete', 'get').mockReturnValue(complete);
    jest.spyOn(proto, 'naturalWidth', 'get').mockReturnValue(naturalWidth);
    jest.spyOn(proto, 'currentSrc', 'get').mockReturnValue('http://localhost/broken.jpg');
  };
  afterEach(() => jest.restoreAllMocks());

  it('shows the default picture when the server-rendered one had already failed (its error event came before React)', () => {
    stub(true, 0);
    render(<FallbackImage src="/broken.jpg" fallbackSrc="/default.svg" alt="early" width={10} height={10} />);
    expect(screen.getByAltText('early')).toHaveAttribute('src', '/default.svg');
  });

  it('keeps a picture that loaded, and one still loading', () => {
    stub(true, 1200);
    render(<FallbackImage src="/fine.jpg" fallbackSrc="/default.svg" alt="loaded" width={10} height={10} />);
    expect(screen.getByAltText('loaded')).toHaveAttribute('src', '/fine.jpg');
    jest.restoreAllMocks();
    stub(false, 0);
    render(<FallbackImage src="/slow.jpg" fallbackSrc="/default.svg" alt="loading" width={10} height={10} />);
    expect(screen.getByAltText('loading')).toHaveAttribute('src', '/slow.jpg');
  });
});

describe('ProgressBar', () => {
  it('announces a clamped percentage', () => {
    render(<ProgressBar percent={140} label="funded" />);
    expect(screen.getByRole('progressbar', { name: 'funded' })).toHaveAttribute('aria-valuenow', '100');
  });
});
