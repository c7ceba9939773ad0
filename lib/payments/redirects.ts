// spec 4: where a failed payment sends the donor back, by the origin code it started from (each with st=f).
import { PAYMENT_FORM_PAGE_TYPE } from '../constants/giving';

export { PAYMENT_FORM_PAGE_TYPE };
import { campaignUpdatePath, paymentPath, storyPath, FAILED_PAYMENT_PATH } from '../routes';
import { isUrlOnOrigin } from '../http/origin';
import { DEFAULT_LOCALE, isLocale, localizedPath, LOCALES } from '../i18n/locales';

/** where every gateway sends the donor back (spec 4 payment-route); the only return target we accept */
export const PAYMENT_ROUTE_PATH = '/new/payment-route';

/** The payment-route in the donor's language: the gift's pages that follow it (the form, the thank-you) stay in it. */
export const paymentRoutePath = (locale: string) => localizedPath(isLocale(locale) ? locale : DEFAULT_LOCALE, PAYMENT_ROUTE_PATH);

/** A gateway may send the donor (and the signed result) only to our own payment-route on this site's origin, in any of its languages. */
export function isPaymentReturnUrl(candidate: string, siteOrigin: string): boolean {
  if (!isUrlOnOrigin(candidate, siteOrigin)) return false;
  const path = new URL(candidate).pathname;
  return path === PAYMENT_ROUTE_PATH || LOCALES.some((l) => l !== DEFAULT_LOCALE && path === `/${l}${PAYMENT_ROUTE_PATH}`);
}

/** where a mandate's authorisation sends the donor back: the SIP welcome page on this site */
export const SIP_WELCOME_PATH = '/sip/welcome';

/** A gateway's mandate page may send the donor only to the SIP welcome page of this site, in any of its languages. */
export function isMandateReturnUrl(candidate: string, siteOrigin: string): boolean {
  return isUrlOnOrigin(candidate, siteOrigin) && /^(\/[a-z]{2})?\/sip\/welcome$/.test(new URL(candidate).pathname);
}

/** The fundraiser a gift was for, as a failure return needs it; a gift from an update's page (origin up) names the update. */
export type ReturnFundraiser = { custom_tag: string; id: number; update_id?: number | null };

/** Origins whose own page holds no form of the gift: a failure placed on the payment form goes back to that form. */
const BACK_TO_FORM_ORIGINS = new Set(['s', 'f']);

/**
 * Where a failed payment goes back to (spec 4), each a real page that shows the failure. A gift names its
 * fundraiser; without one (a tip, an unreadable order) the fundraiser's origins fall back to the default. A gift from a
 * story or fundraiser page placed on the payment form goes back to that form, its origin kept for the next
 * try, where the donor's details wait in their tab; the other origins keep spec 4's pages.
 */
export function failureRedirect(origin: string | null | undefined, f: ReturnFundraiser | null, reason?: string | null, placed?: { pageType?: string | null }): string {
  const base = (() => {
    if (!f && (origin === 'f' || origin === 's' || origin === 'tp' || origin === 'up' || origin === 'ps')) return FAILED_PAYMENT_PATH;
    if (placed?.pageType === PAYMENT_FORM_PAGE_TYPE && BACK_TO_FORM_ORIGINS.has(origin ?? '') && f!.id > 0) return `${paymentPath(f!)}&or=${origin}`;
    switch (origin) {
      case 'f':
        return `/fundraiser/${encodeURIComponent(f!.custom_tag)}`;
      case 's':
        return storyPath(f!.custom_tag);
      case 'tp':
        // the thank-you page with st=f says the payment failed (it needs no order for that)
        return `/new/thankyou/${encodeURIComponent(f!.custom_tag)}`;
      case 'up':
        return campaignUpdatePath(f!.custom_tag, f!.update_id);
      case 'tann':
        return '/new/anniversary';
      case 'tip':
        return '/new/standalonetip';
      case 'ps':
        return paymentPath(f!);
      default:
        return FAILED_PAYMENT_PATH;
    }
  })();
  const url = new URL(base, 'http://x');
  url.searchParams.set('st', 'f');
  if (reason) url.searchParams.set('reason', reason.slice(0, 200));
  return `${url.pathname}${url.search}`;
}

export const thankYouPath = (customTag: string, orderId: string) => `/new/thankyou/${encodeURIComponent(customTag)}?oi=${encodeURIComponent(orderId)}`;

/** A paid standalone tip comes back to its own page, thanked. */
export const tipThanksPath = (orderId: string) => `/new/standalonetip?oi=${encodeURIComponent(orderId)}&st=s`;

/** A premium's payment, paid or not, comes back to its policy's page, which shows the outcome. */
export const insurancePolicyPath = (policyId: number, orderId: string) => `/insurance/${policyId}?oi=${encodeURIComponent(orderId)}`;
