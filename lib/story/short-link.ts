// Short share links without a table: /s/{code} where the code is the fundraiser id in base 36 and the
// channel letter; the link only ever leads to that fundraiser's story on the same domain.
import { whatsappShareText, type ShareChannel } from './share';
import { isRowId } from '../validation/ids';

const CHANNELS: Record<string, ShareChannel> = { w: 'whatsapp', f: 'facebook', c: 'copy' };
const LETTER: Record<ShareChannel, string> = { whatsapp: 'w', facebook: 'f', copy: 'c' };

export function shortCode(fundraiserId: number, channel: ShareChannel): string {
  return `${fundraiserId.toString(36)}${LETTER[channel]}`;
}

export function parseShortCode(code: string): { fundraiserId: number; channel: ShareChannel } | null {
  const m = /^([0-9a-z]{1,7})([wfc])$/.exec(code);
  if (!m) return null;
  const id = parseInt(m[1], 36);
  return isRowId(id) ? { fundraiserId: id, channel: CHANNELS[m[2]] } : null;
}

/** The short link of a channel on a site's own origin, as POST short-url answers it (data.short_url). */
export function shortShareUrl(siteUrl: string, fundraiserId: number, channel: ShareChannel): string {
  return new URL(`/s/${shortCode(fundraiserId, channel)}`, siteUrl).toString();
}

/** spec 7: the thank-you page shares short links; each still lands on the story with its channel's utm fields. */
export function shortShareLinks(opts: { siteUrl: string; fundraiserId: number; message: string }) {
  const link = (channel: ShareChannel) => shortShareUrl(opts.siteUrl, opts.fundraiserId, channel);
  return {
    whatsapp: `https://wa.me/?text=${encodeURIComponent(whatsappShareText(opts.message, link('whatsapp')))}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link('facebook'))}`,
    copy: link('copy'),
  };
}
