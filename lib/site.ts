// Site-wide settings shown in the layout: figures (spec 1), contact number, header variant.
import { z } from 'zod';
import { env } from './env';
import { DEFAULT_CONTACT_NUMBER, PLATFORM_FEE_PERCENT, PLATFORM_FIGURES } from './constants';

const FiguresSchema = z.object({ raised: z.string(), donors: z.string(), fundraisers: z.string(), followers: z.string() }).partial();

export interface SiteSettings {
  figures: { raised: string; donors: string; fundraisers: string; followers: string };
  platformFeePercent: number;
  contactNumber: string;
  headerVariant: 'common' | 'basic';
}

export function siteSettings(): SiteSettings {
  const e = env();
  let override = {};
  if (e.PLATFORM_FIGURES) {
    try {
      override = FiguresSchema.parse(JSON.parse(e.PLATFORM_FIGURES));
    } catch {
      console.error('PLATFORM_FIGURES is not valid JSON of {raised, donors, fundraisers, followers}: using the defaults');
    }
  }
  return {
    figures: { ...PLATFORM_FIGURES, ...override },
    platformFeePercent: PLATFORM_FEE_PERCENT,
    contactNumber: e.CONTACT_NUMBER ?? DEFAULT_CONTACT_NUMBER,
    headerVariant: e.HEADER_VARIANT,
  };
}
