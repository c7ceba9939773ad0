import type { Metadata } from 'next';
import { InfoPage, infoPageTitle } from '@/components/layout/InfoPage';

type Props = { params: Promise<{ site: string; locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: await infoPageTitle((await params).locale, 'contact') };
}

export default async function ContactPage({ params }: Props) {
  const { site, locale } = await params;
  return <InfoPage site={site} locale={locale} page="contact" />;
}
