// The part of web-push 3.6 (CommonJS, no bundled types) that lib/notifications/push.ts uses.
declare module 'web-push' {
  interface PushSubscription {
    endpoint: string;
    keys: { p256dh: string; auth: string };
  }
  interface VapidDetails {
    subject: string;
    publicKey: string;
    privateKey: string;
  }
  interface RequestOptions {
    vapidDetails?: VapidDetails;
    TTL?: number;
    urgency?: 'very-low' | 'low' | 'normal' | 'high';
    topic?: string;
    contentEncoding?: 'aes128gcm' | 'aesgcm';
    timeout?: number;
    headers?: Record<string, string>;
  }
  interface RequestDetails {
    method: 'POST';
    headers: Record<string, string | number>;
    body: Buffer | null;
    endpoint: string;
  }
  function generateVAPIDKeys(): { publicKey: string; privateKey: string };
  function generateRequestDetails(subscription: PushSubscription, payload?: string | Buffer | null, options?: RequestOptions): RequestDetails;
  const webpush: { generateVAPIDKeys: typeof generateVAPIDKeys; generateRequestDetails: typeof generateRequestDetails };
  export { generateVAPIDKeys, generateRequestDetails };
  export default webpush;
}
