// Short share links without a table: /s/{code} where the code is the fundraiser id in base 36 and the
// channel letter; the link only ever leads to that fundraiser's story on the same domain.
import type { ShareChannel } from './share';

const CHANNELS: Record<string, ShareChannel> = { w: 'whatsapp', f: 'facebook', c: 'copy' };
const LETTER: Record<ShareChannel, string> = { whatsapp: 'w', facebook: 'f', copy: 'c' };

export function shortCode(fundraiserId: number, channel: ShareChannel): string {
  return `${fundraiserId.toString(36)}${LETTER[channel]}`;
}

export function parseShortCode(code: string): { fundraiserId: number; channel: ShareChannel } | null {
  const m = /^([0-9a-z]{1,7})([wfc])$/.exec(code);
  if (!m) return null;
  const id = parseInt(m[1], 36);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? { fundraiserId: id, channel: CHANNELS[m[2]] } : null;
}
