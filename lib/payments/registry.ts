// Which gateway handles a payment: Razorpay for INR and Stripe for other currencies when their keys
// are configured, the sandbox otherwise (the default on a fresh machine).
import 'server-only';
import { createHmac } from 'node:crypto';
import { getDb } from '../db/client';
import { env } from '../env';
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
  if (name === 'sandbox') return new SandboxGateway(getDb, sandboxSecret(), origin);
  if (name === 'razorpay' && razorpayConfigured()) {
    return new RazorpayGateway({ keyId: e.RAZORPAY_KEY_ID!, keySecret: e.RAZORPAY_KEY_SECRET!, webhookSecret: e.RAZORPAY_WEBHOOK_SECRET!, apiHost: e.RAZORPAY_API_HOST, origin });
  }
  if (name === 'stripe' && stripeConfigured()) return new StripeGateway({ secretKey: e.STRIPE_SECRET_KEY!, webhookSecret: e.STRIPE_WEBHOOK_SECRET!, apiBase: e.STRIPE_API_BASE, origin });
  return null;
}

export function defaultGatewayName(currency: string): string {
  if (currency === 'INR' && razorpayConfigured()) return 'razorpay';
  if (currency !== 'INR' && stripeConfigured()) return 'stripe';
  return 'sandbox';
}
