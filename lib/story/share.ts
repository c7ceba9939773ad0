// Share links of spec 1/9: a WhatsApp message cut at 441 characters, a Facebook share, a copyable link; each carries utm fields.
import { WHATSAPP_SHARE_TEXT_LENGTH } from '../constants/story';

export type ShareChannel = 'whatsapp' | 'facebook' | 'copy';

/** The story URL with the utm fields that attribute a visit to the channel it was shared on. */
export function sharedStoryUrl(storyUrl: string, channel: ShareChannel, customTag: string): string {
  const url = new URL(storyUrl);
  url.searchParams.set('utm_source', channel);
  url.searchParams.set('utm_medium', 'share');
  url.searchParams.set('utm_campaign', customTag);
  return url.toString();
}

/** WhatsApp text: the message cut to 441 characters with an ellipsis, then the link (never cut, so it stays clickable). */
export function whatsappShareText(message: string, link: string): string {
  const clean = message.replace(/\s+/g, ' ').trim();
  const cut = clean.length > WHATSAPP_SHARE_TEXT_LENGTH ? `${clean.slice(0, WHATSAPP_SHARE_TEXT_LENGTH - 1).trimEnd()}…` : clean;
  return `${cut}\n${link}`;
}

export type ShareMessageKey = 'shareMessage' | 'shareMessageTitleFirst';

// a title that already asks for support ("Support Ravi's recovery") would read "Please support Support ..."
const TITLE_ASKS_FOR_SUPPORT = /^\s*(please\s+)?support\b/i;

/** The story's share text from the Story messages: the "please support" wording only when the title does not already ask for it. */
export function storyShareMessage(t: (key: ShareMessageKey, values: { title: string; summary: string }) => string, title: string, summary: string): string {
  return t(TITLE_ASKS_FOR_SUPPORT.test(title) ? 'shareMessageTitleFirst' : 'shareMessage', { title, summary });
}

export function shareLinks(opts: { storyUrl: string; customTag: string; message: string }) {
  const wa = sharedStoryUrl(opts.storyUrl, 'whatsapp', opts.customTag);
  const fb = sharedStoryUrl(opts.storyUrl, 'facebook', opts.customTag);
  return {
    whatsapp: `https://wa.me/?text=${encodeURIComponent(whatsappShareText(opts.message, wa))}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(fb)}`,
    copy: sharedStoryUrl(opts.storyUrl, 'copy', opts.customTag),
  };
}
