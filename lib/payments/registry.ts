// Which gateway handles a payment: Razorpay for INR and Stripe for other currencies when their keys
// are configured, the sandbox where it is enabled (the embedded demo and the tests). The server decides,
// never the client: an order body naming a gateway is ignored.
import 'server-only';
import { createHmac } from 'node:crypto';
import { getDb } from '../db/client';
import { env, sandboxGatewayEnabled } from '../env';
import { sessionSecret } from '../security/session-secret';
import type { Gateway } from './gateway';
import { SandboxGateway } from './sandbox';
import { RazorpayGateway } from './razorpay';
import { StripeGateway } from './stripe';

export function sandboxSecret(): string {
  return env().SANDBOX_GATEWAY_SECRET ?? createHmac('sha256', sessionSecret()).update('sandbox-gateway').digest('hex');
}

const razorpayConfigured = () => Boolean(env().RAZORPAY_KEY_ID && env().RAZORPAY_KEY_SECRET && env().RAZORPAY_WEBHOOK_SECRET);
const stripeConfigured = () => Boolean(env().STRIPE_SECRET_KEY && env().STRIPE_WEBHOOK_SECRET);

export function gatewayFor(name: string, origin: string): Gateway | null {
  const e = env();
  if (name === 'sandbox') return sandboxGatewayEnabled() ? new SandboxGateway(getDb, sandboxSecret(), origin) : null;
  if (name === 'razorpay' && razorpayConfigured()) {
    return new RazorpayGateway({ keyId: e.RAZORPAY_KEY_ID!, keySecret: e.RAZORPAY_KEY_SECRET!, webhookSecret: e.RAZORPAY_WEBHOOK_SECRET!, apiHost: e.RAZORPAY_API_HOST, origin });
  }
  if (name === 'stripe' && stripeConfigured()) return new StripeGateway({ secretKey: e.STRIPE_SECRET_KEY!, webhookSecret: e.STRIPE_WEBHOOK_SECRET!, apiBase: e.STRIPE_API_BASE, origin });
  return null;
}

/** The gateway that takes payments in this currency, or null when none is configured for it. */
export function gatewayNameFor(currency: string): string | null {
  if (currency === 'INR' && razorpayConfigured()) return 'razorpay';
  if (currency !== 'INR' && stripeConfigured()) return 'stripe';
  return sandboxGatewayEnabled() ? 'sandbox' : null;
}

/** The sandbox's pages and routes exist only where it is enabled; elsewhere they answer 404. */
export function sandboxGateway(origin: string): SandboxGateway | null {
  return sandboxGatewayEnabled() ? new SandboxGateway(getDb, sandboxSecret(), origin) : null;
}
