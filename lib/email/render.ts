// Every email the product sends is one EmailDoc laid out by one MJML template: an HTML part that reads on
// a phone and in old desktop clients, and a plain-text part with the same words and links. MJML (not react-email):
// it compiles a string, so it renders the same in route handlers, server actions, scripts run with the react-server
// condition and the job runner, where react-dom/server refuses to load; it ships no binary.
import { DEFAULT_THEME_COLOR } from '../whitelabel/brand';
import { directionOf } from '../i18n/locales';
import { EMAIL_MAX_WIDTH_PX } from '../constants/outbox';

export interface EmailLink {
  label: string;
  href: string;
}

export type EmailBlock =
  | { kind: 'text'; text: string; strong?: boolean }
  /** label and value rows: a receipt's date, amount, method, transaction id… */
  | { kind: 'facts'; rows: { label: string; value: string }[] }
  /** the one main action */
  | { kind: 'button'; label: string; href: string }
  /** further actions, one a line (a SIP's signed one-tap links, a share) */
  | { kind: 'links'; heading?: string; items: EmailLink[] };

export interface EmailDoc {
  locale: string;
  subject: string;
  /** the inbox's preview line (defaults to the heading) */
  preview?: string;
  heading: string;
  blocks: EmailBlock[];
  /** the sender's name: the partner's on a partner's gift */
  brand: string;
  /** a partner's theme colour for the button */
  color?: string;
  /** a closing line (sign-off) */
  footer?: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const ABSOLUTE = /^(https?:\/\/[^\s/]+|mailto:)/i;

/** Every link an email carries opens from an inbox: a relative one cannot be tapped. */
export function assertAbsolute(href: string): string {
  if (!ABSOLUTE.test(href)) throw new Error(`Email link is not absolute: ${href}`);
  return href;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
// an absolute address inside running text (a plain email's body) becomes a link; isolate marks around it stay outside
const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s\u2066-\u2069<>"]+/g, (url) => {
    const raw = url.replace(/&amp;/g, '&');
    return `<a href="${escapeHtml(raw)}" style="color:inherit;word-break:break-all">${url}</a>`;
  });
const safeColor = (color: string | undefined) => (color && /^#[0-9a-f]{6}$/i.test(color) ? color : DEFAULT_THEME_COLOR);

function blockMjml(block: EmailBlock, color: string, align: string): string {
  switch (block.kind) {
    case 'text':
      return `<mj-text${block.strong ? ' font-weight="600"' : ''}>${block.text.split('\n').map(linkify).join('<br>')}</mj-text>`;
    case 'facts': {
      const rows = block.rows
        .map(
          (r) =>
            `<tr><th scope="row" style="width:38%;text-align:${align};font-weight:400;color:#4b5563;padding:6px 0;padding-inline-end:12px;vertical-align:top;border-bottom:1px solid #e5e7eb">${escapeHtml(r.label)}</th><td style="text-align:${align};font-weight:600;padding:6px 0;vertical-align:top;border-bottom:1px solid #e5e7eb;word-break:break-word">${escapeHtml(r.value)}</td></tr>`,
        )
        .join('');
      return `<mj-table role="presentation" cellpadding="0" width="100%" table-layout="fixed">${rows}</mj-table>`;
    }
    case 'button':
      return `<mj-button href="${escapeHtml(assertAbsolute(block.href))}" background-color="${color}" color="#ffffff" font-weight="600" border-radius="6px" inner-padding="14px 24px" width="100%">${escapeHtml(block.label)}</mj-button>`;
    case 'links': {
      const items = block.items.map((l) => `<a href="${escapeHtml(assertAbsolute(l.href))}" style="color:${color};font-weight:600;display:inline-block;padding:10px 0">${escapeHtml(l.label)}</a>`).join('<br>');
      return `<mj-text>${block.heading ? `<p style="margin:0 0 4px;color:#4b5563">${escapeHtml(block.heading)}</p>` : ''}${items}</mj-text>`;
    }
  }
}

function blockText(block: EmailBlock): string {
  switch (block.kind) {
    case 'text':
      return block.text;
    case 'facts':
      return block.rows.map((r) => `${r.label}: ${r.value}`).join('\n');
    case 'button':
      return `${block.label}: ${block.href}`;
    case 'links':
      return [block.heading ?? '', ...block.items.map((l) => `${l.label}: ${l.href}`)].filter(Boolean).join('\n');
  }
}

/** The plain-text part: the same words and every link written out. */
export function emailText(doc: EmailDoc): string {
  return [doc.heading, ...doc.blocks.map(blockText), doc.footer ?? ''].filter(Boolean).join('\n\n');
}

/** The HTML part, compiled from MJML: lang and dir on <html>, right-aligned in Arabic and Urdu. */
export async function emailHtml(doc: EmailDoc): Promise<string> {
  const dir = directionOf(doc.locale);
  const align = dir === 'rtl' ? 'right' : 'left';
  const color = safeColor(doc.color);
  const source = `<mjml lang="${escapeHtml(doc.locale)}" dir="${dir}">
<mj-head>
<mj-title>${escapeHtml(doc.subject)}</mj-title>
<mj-preview>${escapeHtml(doc.preview ?? doc.heading)}</mj-preview>
<mj-attributes>
<mj-all font-family="'Noto Sans','Noto Sans Arabic','Noto Nastaliq Urdu','Noto Sans Devanagari','Noto Sans Tamil','Noto Sans Telugu',Arial,sans-serif" />
<mj-text font-size="16px" line-height="1.6" color="#1f2937" align="${align}" padding="8px 24px" />
<mj-table font-size="15px" line-height="1.5" color="#1f2937" align="${align}" padding="8px 24px" />
<mj-button align="center" text-align="center" font-size="16px" padding="16px 24px" />
<mj-section direction="${dir}" />
<mj-column direction="${dir}" />
</mj-attributes>
<mj-style>a{color:${color}} th,td{text-align:${align}}</mj-style>
</mj-head>
<mj-body width="${EMAIL_MAX_WIDTH_PX}px" background-color="#f8fafc">
<mj-section padding="16px 0 0"><mj-column><mj-text font-size="18px" font-weight="700" color="${color}">${escapeHtml(doc.brand)}</mj-text></mj-column></mj-section>
<mj-section background-color="#ffffff" border-radius="8px" padding="8px 0 16px">
<mj-column>
<mj-text font-size="22px" font-weight="700" line-height="1.3" padding="16px 24px 8px"><h1 style="font-size:22px;margin:0">${escapeHtml(doc.heading)}</h1></mj-text>
${doc.blocks.map((b) => blockMjml(b, color, align)).join('\n')}
</mj-column>
</mj-section>
${doc.footer ? `<mj-section padding="8px 0 24px"><mj-column><mj-text font-size="14px" color="#4b5563">${linkify(doc.footer)}</mj-text></mj-column></mj-section>` : ''}
</mj-body>
</mjml>`;
  // loaded on the first email, not with every module that can queue one (most money paths): about a fifth of a second
  // of start-up for a process or test file that never renders mail
  const { default: mjml2html } = await import('mjml');
  const { html, errors } = await mjml2html(source, { validationLevel: 'soft', keepComments: false });
  if (errors?.length) throw new Error(`Email layout: ${errors.map((e) => e.formattedMessage).join('; ')}`);
  return html;
}

export async function renderEmail(doc: EmailDoc): Promise<RenderedEmail> {
  return { subject: doc.subject, html: await emailHtml(doc), text: emailText(doc) };
}

/** Every href of an HTML part (what the tests check is absolute). */
export const hrefsOf = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
