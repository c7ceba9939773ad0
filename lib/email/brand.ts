// The sender an email names and the colour of its button: the partner's on a partner's site, ours elsewhere.
import type { DbOrTx } from '../db/client';
import { env } from '../env';
import { brandForHost } from '../whitelabel/brand';

export async function emailBrand(db: DbOrTx, origin: string): Promise<{ name: string; color: string }> {
  const brand = await brandForHost(db, new URL(origin).host, env().PRODUCT_NAME);
  return { name: brand.name, color: brand.theme_color };
}
