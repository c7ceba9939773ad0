// Which gateway handles a payment: Razorpay for INR and Stripe for other currencies when their keys
// are configured, the sandbox where it is enabled (the embedded demo and the tests). The server decides,
// never the client: an order body naming a gateway is ignored.
import 'server-only';
import { ApiError } from '../http/errors';
import { createHmac } from 'node:crypto';
import { getDb } from '../db/client';
import { env, sandboxGatewayEnabled } from '../env';
import { sessionSecret } from '../security/session-secret';
import type { Gateway, GatewayCapabilities } from './gateway';
import { SANDBOX_CAPABILITIES, SandboxGateway } from './sandbox';
import { razorpayCapabilities, RazorpayGateway } from './razorpay';
import { STRIPE_CAPABILITIES, StripeGateway } from './stripe';
import { PAYMENT_MODES } from '../constants/giving';
import type { CurrencyCode } from '../money';
import { paymentOptions, type OneTimePurpose, type PaymentOption } from './options';

export function sandboxSecret(): string {
  return env().SANDBOX_GATEWAY_SECRET ?? createHmac('sha256', sessionSecret()).update('sandbox-gateway').digest('hex');
}

const razorpayConfigured = () => Boolean(env().RAZORPAY_KEY_ID && env().RAZORPAY_KEY_SECRET && env().RAZORPAY_WEBHOOK_SECRET);
const stripeConfigured = () => Boolean(env().STRIPE_SECRET_KEY && env().STRIPE_WEBHOOK_SECRET);

export const MODE_UNAVAILABLE = 'This payment mode is not available';
/** no configured gateway can take this mode (a UPI id where none sends collect requests, a mandate where none holds one) */
export const modeUnavailable = () => new ApiError('validation_failed', MODE_UNAVAILABLE, { mode: MODE_UNAVAILABLE });

export function gatewayFor(name: string, origin: string): Gateway | null {
  const e = env();
  if (name === 'sandbox') return sandboxGatewayEnabled() ? new SandboxGateway(getDb, sandboxSecret(), origin) : null;
  if (name === 'razorpay' && razorpayConfigured()) {
    return new RazorpayGateway({ keyId: e.RAZORPAY_KEY_ID!, keySecret: e.RAZORPAY_KEY_SECRET!, webhookSecret: e.RAZORPAY_WEBHOOK_SECRET!, apiHost: e.RAZORPAY_API_HOST, origin, bankTransfer: e.RAZORPAY_BANK_TRANSFER === '1' });
  }
  if (name === 'stripe' && stripeConfigured()) return new StripeGateway({ secretKey: e.STRIPE_SECRET_KEY!, webhookSecret: e.STRIPE_WEBHOOK_SECRET!, apiBase: e.STRIPE_API_BASE, origin });
  return null;
}

type GatewayName = 'razorpay' | 'stripe' | 'sandbox';
export type PaymentMode = (typeof PAYMENT_MODES)[number];

const GATEWAYS: Record<GatewayName, { configured: () => boolean; capabilities: () => GatewayCapabilities }> = {
  razorpay: { configured: razorpayConfigured, capabilities: () => razorpayCapabilities(env().RAZORPAY_BANK_TRANSFER === '1') },
  stripe: { configured: stripeConfigured, capabilities: () => STRIPE_CAPABILITIES },
  sandbox: { configured: sandboxGatewayEnabled, capabilities: () => SANDBOX_CAPABILITIES },
};

// Routing in one table: by currency, the gateways to try in order; the first configured one able to take the mode wins.
const ROUTES: { currency: string | '*'; gateways: GatewayName[] }[] = [
  { currency: 'INR', gateways: ['razorpay', 'sandbox'] },
  { currency: '*', gateways: ['stripe', 'sandbox'] },
];

// what each payment mode asks of a gateway
const NEEDS: Record<PaymentMode, (c: GatewayCapabilities) => boolean> = {
  UPI: (c) => c.oneTime,
  PAYTM: (c) => c.oneTime,
  PAYTMMA: (c) => c.oneTime,
  CARD: (c) => c.oneTime,
  VPA: (c) => c.upiCollect,
  DESKTOPQR: (c) => c.qr,
  Emandate: (c) => c.mandates,
  UPIRECURRING: (c) => c.mandates,
  NEFT: (c) => c.bankTransfer,
};

const takesCurrency = (c: GatewayCapabilities, currency: string) => c.currencies === 'any' || c.currencies.includes(currency);

/** The gateway that takes this currency in this mode (a card payment when no mode is given), or null when none is configured for it. */
export function gatewayNameFor(currency: string, mode: PaymentMode = 'CARD'): GatewayName | null {
  const route = ROUTES.find((r) => r.currency === currency) ?? ROUTES.find((r) => r.currency === '*')!;
  return (
    route.gateways.find((name) => {
      if (!GATEWAYS[name].configured()) return false;
      const can = GATEWAYS[name].capabilities();
      return takesCurrency(can, currency) && NEEDS[mode](can);
    }) ?? null
  );
}

/** spec 7 payment/options: the methods of this currency that a configured gateway can take right now. */
export const offeredPaymentOptions = (currency: CurrencyCode, purpose: OneTimePurpose = 'gift'): PaymentOption[] => paymentOptions(currency, purpose).filter((mode) => gatewayNameFor(currency, mode) !== null);

/** The sandbox's pages and routes exist only where it is enabled; elsewhere they answer 404. */
export function sandboxGateway(origin: string): SandboxGateway | null {
  return sandboxGatewayEnabled() ? new SandboxGateway(getDb, sandboxSecret(), origin) : null;
}
