// A fundraiser's public address (/stories/{custom_tag}): its title in lower-case latin letters and digits.
import { CUSTOM_TAG_MAX } from '../constants/fundraisers';

/** The title's slug; '' when the title has no latin letters or digits (a Hindi or Arabic title). */
export function slugify(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, CUSTOM_TAG_MAX);
}
