import type { Metadata } from 'next';
import { firstParam } from '@/lib/routes';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AllFundraisers } from '@/components/listing/AllFundraisers';
import { FundraiserListQuerySchema } from '@/lib/validation/fundraisers';

// Text searches arrive here (middleware sends cause and cursor pages to the cached [cause]/[cursor] route).
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ site: string; locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Listing' });
  return { title: t('allTitle'), alternates: { canonical: '/all-fundraisers' }, robots: { index: false, follow: true } };
}

const one = firstParam;

export default async function AllFundraisersSearchPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const sp = await searchParams;
  const parsed = FundraiserListQuerySchema.safeParse({ cursor: one(sp.cursor), cause: one(sp.cause) || undefined, q: one(sp.q) || undefined });
  const query = parsed.success ? parsed.data : FundraiserListQuerySchema.parse({});
  return <AllFundraisers locale={locale} cause={query.cause} cursor={query.cursor} q={query.q} />;
}
