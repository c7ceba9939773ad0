// An email written as text (a team notice, a reviewer's words) in the same layout as every other: its first paragraph
// after the greeting leads, absolute addresses in it become links. Its text part is the body as written.
import { defaultBrand } from '../whitelabel/brand';
import { DEFAULT_LOCALE } from '../i18n/locales';
import { emailHtml } from './render';

export async function plainEmailHtml(m: { subject?: string; body: string; locale?: string; brand?: string }): Promise<string> {
  const paragraphs = m.body.split(/\n{2,}/).map((p) => p.trim()).filter(Boolean);
  const subject = m.subject ?? '';
  return emailHtml({ locale: m.locale ?? DEFAULT_LOCALE, subject, heading: subject, brand: m.brand ?? defaultBrand('').name, blocks: paragraphs.map((text) => ({ kind: 'text', text })) });
}
