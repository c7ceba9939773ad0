// Site-wide settings shown in the layout: figures (spec 1), contact number, header variant.
import { z } from 'zod';
import { env } from './env';
import { PLATFORM_FEE_PERCENT } from './constants/giving';
import { DEFAULT_CONTACT_NUMBER, PLATFORM_FIGURE_UNITS, PLATFORM_FIGURES } from './constants/site';
import { log } from './observability/log';

/** A platform figure: a number in a unit each locale names (1100 crore), or a partner's own words shown as they are. */
export type PlatformFigure = { value: number; unit: (typeof PLATFORM_FIGURE_UNITS)[number] } | string;
const FigureSchema = z.union([z.object({ value: z.number().nonnegative(), unit: z.enum(PLATFORM_FIGURE_UNITS) }), z.string()]);
const FiguresSchema = z.object({ raised: FigureSchema, donors: FigureSchema, fundraisers: FigureSchema, followers: FigureSchema }).partial();

export interface SiteSettings {
  figures: { raised: PlatformFigure; donors: PlatformFigure; fundraisers: PlatformFigure; followers: PlatformFigure };
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
      log.error('PLATFORM_FIGURES is not valid JSON of {raised, donors, fundraisers, followers} (each {value, unit} or text): using the defaults');
    }
  }
  return {
    figures: { ...PLATFORM_FIGURES, ...override },
    platformFeePercent: PLATFORM_FEE_PERCENT,
    contactNumber: e.CONTACT_NUMBER ?? DEFAULT_CONTACT_NUMBER,
    headerVariant: e.HEADER_VARIANT,
  };
}
