// Spec 7's account utilities: one zod schema per payload or query (admin/verify, push notifications,
// system-event counts, the wallet's login code). Profile fields pushed with a subscription pass the profile's own
// schema (lib/validation/profile.ts), never a second copy of its phone rule.
import { z } from 'zod';
import { PUSH_ENDPOINT_MAX_LENGTH, PUSH_SERVICE_HOSTS } from '../constants/notifications';
import { SYSTEM_EVENT_NAMES_MAX } from '../constants/story';
import { EmailSchema, MESSAGES } from './people';

export const PUSH_MESSAGES = {
  endpoint: 'The push endpoint must be an https URL',
  service: 'This push service is not supported',
  p256dh: 'The subscription key p256dh is not a valid P-256 public key',
  auth: 'The subscription key auth is not a valid 16-byte secret',
} as const;

export const SYSTEM_EVENT_MESSAGES = {
  entityId: 'entity_id is required: letters, digits and . _ : - only',
  eventType: 'event_type may use letters, digits and . _ : - only',
  eventNames: `event_name names at most ${SYSTEM_EVENT_NAMES_MAX} events, each at most 100 characters`,
} as const;

/** spec 7 POST admin/verify: the email the sign-up form is about to use, as `email` (our form) or spec 3's `email_id`. */
export const EmailCheckSchema = z
  .object({ email: EmailSchema.optional(), email_id: EmailSchema.optional() })
  .superRefine((v, ctx) => {
    if (v.email === undefined && v.email_id === undefined) ctx.addIssue({ code: 'custom', path: ['email'], message: MESSAGES.email });
  })
  .transform((v) => ({ email: (v.email ?? v.email_id) as string }));

/** A push service's host (or a subdomain of one), so we never send requests to a host a client named. */
export const isPushServiceHost = (hostname: string) => PUSH_SERVICE_HOSTS.some((h) => hostname === h || hostname.endsWith(`.${h}`));

function parsedUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

const endpoint = z
  .string({ error: PUSH_MESSAGES.endpoint })
  .trim()
  .max(PUSH_ENDPOINT_MAX_LENGTH, PUSH_MESSAGES.endpoint)
  .superRefine((value, ctx) => {
    const url = parsedUrl(value);
    // https on its default port, no credentials: what every browser's PushSubscription.endpoint is
    if (!url || url.protocol !== 'https:' || url.port || url.username || url.password) ctx.addIssue({ code: 'custom', message: PUSH_MESSAGES.endpoint });
    else if (!isPushServiceHost(url.hostname)) ctx.addIssue({ code: 'custom', message: PUSH_MESSAGES.service });
  });

/** base64 or base64url (as PushSubscription.toJSON() gives it) to base64url without padding; null when not base64 at all. */
function base64urlBytes(value: string): Buffer | null {
  if (!/^[A-Za-z0-9_\-+/]+={0,2}$/.test(value)) return null;
  return Buffer.from(value.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''), 'base64url');
}

const P256_POINT_BYTES = 65;
const UNCOMPRESSED_POINT = 0x04;
const AUTH_SECRET_BYTES = 16;

const keyOf = (message: string, valid: (bytes: Buffer) => boolean) =>
  z
    .string({ error: message })
    .trim()
    .max(200, message)
    .transform((value, ctx) => {
      const bytes = base64urlBytes(value);
      if (!bytes || !valid(bytes)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return bytes.toString('base64url');
    });

/** A browser's PushSubscription.toJSON(): endpoint, expirationTime, keys { p256dh, auth }. */
export const PushSubscriptionSchema = z.object({
  endpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: keyOf(PUSH_MESSAGES.p256dh, (b) => b.length === P256_POINT_BYTES && b[0] === UNCOMPRESSED_POINT),
      auth: keyOf(PUSH_MESSAGES.auth, (b) => b.length === AUTH_SECRET_BYTES),
    },
    { error: PUSH_MESSAGES.p256dh },
  ),
});

/**
 * spec 7 POST push notifications (profile push): the subscription, and the profile fields the page pushes with it.
 * phone_1 and extension are checked by the profile's schema (spec 5: the Indian mobile rule for +91).
 */
export const ProfilePushSchema = PushSubscriptionSchema.extend({
  phone_1: z.unknown().optional(),
  extension: z.unknown().optional(),
});
export type ProfilePushInput = z.output<typeof ProfilePushSchema>;

/** DELETE push notifications: the subscription to forget, by its endpoint. */
export const PushUnsubscribeSchema = z.object({ endpoint: z.string({ error: PUSH_MESSAGES.endpoint }).trim().min(1, PUSH_MESSAGES.endpoint).max(PUSH_ENDPOINT_MAX_LENGTH, PUSH_MESSAGES.endpoint) });

const EVENT_KEY = /^[\w.:-]+$/;

/** spec 7 GET system event via core api: counts per event name about one entity (?entity_id=&event_type=&event_name=a,b). */
export const SystemEventCountsQuerySchema = z.object({
  entity_id: z.string({ error: SYSTEM_EVENT_MESSAGES.entityId }).trim().min(1, SYSTEM_EVENT_MESSAGES.entityId).max(100, SYSTEM_EVENT_MESSAGES.entityId).regex(EVENT_KEY, SYSTEM_EVENT_MESSAGES.entityId),
  event_type: z.string().trim().min(1, SYSTEM_EVENT_MESSAGES.eventType).max(50, SYSTEM_EVENT_MESSAGES.eventType).regex(EVENT_KEY, SYSTEM_EVENT_MESSAGES.eventType).optional(),
  event_name: z
    .string()
    .max(SYSTEM_EVENT_NAMES_MAX * 101, SYSTEM_EVENT_MESSAGES.eventNames)
    .transform((v) => [...new Set(v.split(',').map((n) => n.trim()).filter(Boolean))].sort())
    .refine((names) => names.length <= SYSTEM_EVENT_NAMES_MAX && names.every((n) => n.length <= 100), SYSTEM_EVENT_MESSAGES.eventNames)
    .optional(),
});
export type SystemEventCountsQuery = z.output<typeof SystemEventCountsQuerySchema>;

/** spec 7 GET paytm login code: where the person goes after signing in (checked by the one redirect validator). */
export const WalletLoginCodeQuerySchema = z.object({ redirect_uri: z.string().max(2048).optional() });
