import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AllFundraisers } from '@/components/listing/AllFundraisers';
import { listingFiltersFromSegments } from '@/lib/listing/path';
import { decodeCursor } from '@/lib/fundraisers/queries';

// /all-fundraisers?cause=&cursor= arrives here rewritten by middleware, so each page is cached and
// expires with the fundraiser lists' tag instead of rendering per request.
export async function generateStaticParams() {
  return [];
}

type Props = { params: Promise<{ site: string; locale: string; cause: string; cursor: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Listing' });
  return { title: t('allTitle'), alternates: { canonical: '/all-fundraisers' } };
}

export default async function AllFundraisersPage({ params }: Props) {
  const { locale, cause, cursor } = await params;
  setRequestLocale(locale);
  const filters = listingFiltersFromSegments(cause, cursor, (c) => decodeCursor(c) !== null);
  if (!filters) notFound();
  return <AllFundraisers locale={locale} cause={filters.cause} cursor={filters.cursor} />;
}
