// Which gateway handles a payment: the sandbox unless real keys are configured (issue 4 adds Razorpay and Stripe).
import 'server-only';
import { createHmac } from 'node:crypto';
import { getDb } from '../db/client';
import { env } from '../env';
import { sessionSecret } from '../security/session-secret';
import type { Gateway } from './gateway';
import { SandboxGateway } from './sandbox';

export function sandboxSecret(): string {
  return env().SANDBOX_GATEWAY_SECRET ?? createHmac('sha256', sessionSecret()).update('sandbox-gateway').digest('hex');
}

export function gatewayFor(name: string, origin: string): Gateway | null {
  if (name === 'sandbox') return new SandboxGateway(getDb, sandboxSecret(), origin);
  return null;
}

export const defaultGatewayName = (): string => 'sandbox';
