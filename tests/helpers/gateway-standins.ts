// Local HTTP servers standing in for Razorpay's and Stripe's API hosts (no network): the adapters' SDKs are
// pointed at them, and tests set what the "provider" knows (payments, sessions) or make its Orders API fail.
import http from 'node:http';

export interface GatewayStandIns {
  base: string;
  rzpPayments: Map<string, Record<string, unknown>>;
  stripeSessions: Map<string, Record<string, unknown>>;
  /** the Orders API refuses while this is set, and counts what it created */
  state: { ordersApiDown: boolean; ordersCreated: number; requests: number };
  close(): void;
}

export async function startGatewayStandIns(): Promise<GatewayStandIns> {
  const rzpPayments = new Map<string, Record<string, unknown>>();
  const stripeSessions = new Map<string, Record<string, unknown>>();
  const state = { ordersApiDown: false, ordersCreated: 0, requests: 0 };
  let counter = 0;
  const server = http.createServer((req, res) => {
    state.requests++;
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const send = (status: number, data: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(data));
      };
      const url = new URL(req.url!, 'http://x');
      // Razorpay (basic auth with the key id and secret)
      if (req.method === 'POST' && url.pathname === '/v1/orders') {
        if (state.ordersApiDown) return send(500, { error: { code: 'SERVER_ERROR', description: 'The Orders API is down' } });
        state.ordersCreated++;
        const input = JSON.parse(body);
        return send(200, { id: `order_T${++counter}`, entity: 'order', amount: input.amount, currency: input.currency, receipt: input.receipt, status: 'created' });
      }
      const refundOf = /^\/v1\/payments\/([\w]+)\/refund$/.exec(url.pathname);
      if (req.method === 'POST' && refundOf) {
        const p = rzpPayments.get(refundOf[1]);
        if (!p) return send(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } });
        const input = JSON.parse(body || '{}');
        return send(200, { id: `rfnd_T${++counter}`, entity: 'refund', amount: input.amount ?? p.amount, currency: p.currency, payment_id: p.id, notes: input.notes ?? (input['notes[refund_id]'] ? { refund_id: input['notes[refund_id]'] } : []), status: 'processed' });
      }
      const pay = /^\/v1\/payments\/([\w]+)$/.exec(url.pathname);
      if (req.method === 'GET' && pay) return rzpPayments.has(pay[1]) ? send(200, rzpPayments.get(pay[1])) : send(404, { error: { description: 'not found' } });
      const orderPays = /^\/v1\/orders\/([\w]+)\/payments$/.exec(url.pathname);
      if (req.method === 'GET' && orderPays) return send(200, { entity: 'collection', items: [...rzpPayments.values()].filter((p) => p.order_id === orderPays[1]) });
      // Stripe (form-encoded bodies)
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const form = new URLSearchParams(body);
        const id = `cs_test_${++counter}`;
        const session = { id, object: 'checkout.session', url: `https://checkout.stripe.test/${id}`, payment_status: 'unpaid', status: 'open', amount_total: Number(form.get('line_items[0][price_data][unit_amount]')), currency: form.get('line_items[0][price_data][currency]'), payment_intent: null };
        stripeSessions.set(id, session);
        return send(200, session);
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const form = new URLSearchParams(body);
        const intent = form.get('payment_intent');
        const session = [...stripeSessions.values()].find((x) => x.payment_intent === intent);
        if (!session) return send(400, { error: { type: 'invalid_request_error', message: `No such payment_intent: '${intent}'` } });
        const amount = Number(form.get('amount') ?? session.amount_total);
        return send(200, { id: `re_T${++counter}`, object: 'refund', amount, currency: session.currency, payment_intent: intent, status: 'succeeded', metadata: { refund_id: form.get('metadata[refund_id]') } });
      }
      const sess = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(url.pathname);
      if (req.method === 'GET' && sess) return stripeSessions.has(sess[1]) ? send(200, stripeSessions.get(sess[1])) : send(404, { error: { message: 'No such session' } });
      send(404, { error: 'unknown route' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { base, rzpPayments, stripeSessions, state, close: () => server.close() };
}
