// Local HTTP servers standing in for Razorpay's and Stripe's API hosts (no network): the adapters' SDKs are
// pointed at them, and tests set what the "provider" knows (payments, sessions) or make its Orders API fail.
import http from 'node:http';

export interface GatewayStandIns {
  base: string;
  rzpPayments: Map<string, Record<string, unknown>>;
  stripeSessions: Map<string, Record<string, unknown>>;
  stripeMandates: StripeMandateStandIn;
  /** Razorpay tokens by id (recurring_details.status: initiated, confirmed, rejected), and those deleted */
  rzpTokens: Map<string, Record<string, unknown>>;
  rzpDeletedTokens: string[];
  /** how Razorpay's next recurring payments end: captured, or failed with this error */
  rzpRecurring: {
    failWith: { error_code: string; error_reason: string; error_description: string } | null;
    /** the next recurring payment's answer is lost (a 500, or a dropped connection), after Razorpay made the payment or before */
    loseAnswer: { paid: boolean; dropped?: boolean } | null;
  };
  /** the Orders API refuses while this is set, and counts what it created */
  state: { ordersApiDown: boolean; ordersCreated: number; requests: number };
  close(): void;
}

type StandInRow = Record<string, unknown>;

/** Stripe's side of card mandates: customers, saved cards and off-session PaymentIntents, with switches for tests. */
export interface StripeMandateStandIn {
  customers: Map<string, StandInRow>;
  setupIntents: Map<string, StandInRow>;
  paymentMethods: Map<string, StandInRow>;
  paymentIntents: Map<string, StandInRow>;
  /** every PaymentIntent creation that reached Stripe (a replayed Idempotency-Key does not): its form and key */
  intentRequests: { form: Record<string, string>; idempotencyKey: string | null }[];
  /** answers kept by Idempotency-Key, as Stripe keeps them */
  replies: Map<string, { status: number; data: unknown }>;
  /** the next confirm is declined with this code: 402 in Stripe's card_error shape, carrying the PaymentIntent */
  declineNext: string | null;
  /** the next PaymentIntent stays processing (its webhook tells how it ended) instead of succeeding at once */
  processingNext: boolean;
  /** the next this many PaymentIntent creations reach Stripe (and are kept by key) but their answer is lost: a 500 */
  loseAnswers: number;
  /** the donor saves a card on a setup-mode session: a succeeded SetupIntent, a card attached to the session's customer */
  completeSetup(sessionId: string): StandInRow;
}

function stripeMandateStandIn(sessions: Map<string, StandInRow>): StripeMandateStandIn {
  let n = 0;
  const self: StripeMandateStandIn = {
    customers: new Map(),
    setupIntents: new Map(),
    paymentMethods: new Map(),
    paymentIntents: new Map(),
    intentRequests: [],
    replies: new Map(),
    declineNext: null,
    processingNext: false,
    loseAnswers: 0,
    completeSetup(sessionId) {
      const session = sessions.get(sessionId);
      if (session?.mode !== 'setup') throw new Error(`No setup session ${sessionId}`);
      const card = { id: `pm_T${++n}`, object: 'payment_method', type: 'card', customer: session.customer, card: { brand: 'visa', last4: '4242' } };
      const setup = { id: `seti_T${n}`, object: 'setup_intent', status: 'succeeded', usage: 'off_session', customer: session.customer, payment_method: card.id };
      self.paymentMethods.set(card.id, card);
      self.setupIntents.set(setup.id, setup);
      const completed = { ...session, status: 'complete', setup_intent: setup.id };
      sessions.set(sessionId, completed);
      return completed;
    },
  };
  return self;
}

export async function startGatewayStandIns(): Promise<GatewayStandIns> {
  const rzpPayments = new Map<string, Record<string, unknown>>();
  const stripeSessions = new Map<string, Record<string, unknown>>();
  const stripeMandates = stripeMandateStandIn(stripeSessions);
  const state = { ordersApiDown: false, ordersCreated: 0, requests: 0 };
  const rzpTokens = new Map<string, Record<string, unknown>>();
  const rzpDeletedTokens: string[] = [];
  const rzpRecurring: GatewayStandIns['rzpRecurring'] = { failWith: null, loseAnswer: null };
  // ids unique across stand-ins: suites sharing one PostgreSQL database each run their own, and ids are unique there
  let counter = Math.floor(Math.random() * 1e6) * 1e4;
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
      // Razorpay recurring payments: customers, their tokens, and debits against a token
      // Stripe's SDK posts to the same path with a Bearer key: its customers are made in the Stripe block below
      if (req.method === 'POST' && url.pathname === '/v1/customers' && !req.headers.authorization?.startsWith('Bearer ')) {
        const input = JSON.parse(body || '{}');
        return send(200, { id: `cust_T${++counter}`, entity: 'customer', name: input.name, email: input.email, contact: input.contact });
      }
      const tokenOf = /^\/v1\/customers\/([\w]+)\/tokens\/([\w]+)$/.exec(url.pathname);
      if (tokenOf && req.method === 'GET') return rzpTokens.has(tokenOf[2]) ? send(200, rzpTokens.get(tokenOf[2])) : send(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } });
      if (tokenOf && req.method === 'DELETE') {
        rzpDeletedTokens.push(tokenOf[2]);
        return send(200, { deleted: true });
      }
      if (req.method === 'POST' && url.pathname === '/v1/payments/create/recurring') {
        const input = JSON.parse(body || '{}');
        const token = rzpTokens.get(input.token);
        if (!token || (token.recurring_details as { status: string }).status !== 'confirmed') return send(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The token is not confirmed' } });
        const lost = rzpRecurring.loseAnswer;
        rzpRecurring.loseAnswer = null;
        const loseIt = () => (lost?.dropped ? void req.socket.destroy() : send(500, { error: { code: 'SERVER_ERROR', description: 'We are facing some trouble completing your request at the moment.' } }));
        if (lost && !lost.paid) return loseIt();
        const id = `pay_R${++counter}`;
        const failed = rzpRecurring.failWith;
        rzpPayments.set(id, { id, entity: 'payment', order_id: input.order_id, amount: input.amount, currency: input.currency, customer_id: input.customer_id, token_id: input.token, recurring: true, notes: input.notes ?? {}, status: failed ? 'failed' : 'captured', ...(failed ?? {}) });
        if (lost) return loseIt();
        return send(200, { razorpay_payment_id: id, razorpay_order_id: input.order_id, razorpay_signature: 'stand-in' });
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
      // Stripe card mandates: customers, setup-mode sessions, SetupIntents, off-session PaymentIntents, saved cards
      const stripeForm = () => Object.fromEntries(new URLSearchParams(body));
      const metadataOf = (f: Record<string, string>) => Object.fromEntries(Object.entries(f).flatMap(([k, v]) => (/^metadata\[\w+\]$/.test(k) ? [[k.slice(9, -1), v]] : [])));
      const stripeMissing = (what: string, id: string) => send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'` } });
      if (req.method === 'POST' && url.pathname === '/v1/customers') {
        const f = stripeForm();
        const customer = { id: `cus_T${++counter}`, object: 'customer', name: f.name ?? null, email: f.email ?? null, phone: f.phone ?? null, metadata: metadataOf(f) };
        stripeMandates.customers.set(customer.id, customer);
        return send(200, customer);
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions' && new URLSearchParams(body).get('mode') === 'setup') {
        const f = stripeForm();
        if (!stripeMandates.customers.has(f.customer)) return stripeMissing('customer', f.customer);
        const id = `cs_test_setup_${++counter}`;
        const methods = Object.entries(f).flatMap(([k, v]) => (k.startsWith('allowed_payment_method_types[') ? [v] : []));
        const session = { id, object: 'checkout.session', mode: 'setup', url: `https://checkout.stripe.test/${id}`, status: 'open', payment_status: 'no_payment_required', amount_total: null, currency: f.currency ?? null, customer: f.customer, setup_intent: null, payment_intent: null, allowed_payment_method_types: methods, metadata: metadataOf(f), success_url: f.success_url, cancel_url: f.cancel_url };
        stripeSessions.set(id, session);
        return send(200, session);
      }
      const expireOf = /^\/v1\/checkout\/sessions\/([\w]+)\/expire$/.exec(url.pathname);
      if (req.method === 'POST' && expireOf) {
        const session = stripeSessions.get(expireOf[1]);
        if (!session) return stripeMissing('checkout.session', expireOf[1]);
        if (session.status !== 'open') return send(400, { error: { type: 'invalid_request_error', message: 'Only Checkout Sessions with a status of open can be expired' } });
        const expired = { ...session, status: 'expired' };
        stripeSessions.set(expireOf[1], expired);
        return send(200, expired);
      }
      const setupOf = /^\/v1\/setup_intents\/([\w]+)$/.exec(url.pathname);
      if (req.method === 'GET' && setupOf) return stripeMandates.setupIntents.has(setupOf[1]) ? send(200, stripeMandates.setupIntents.get(setupOf[1])) : stripeMissing('setup_intent', setupOf[1]);
      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const header = req.headers['idempotency-key'];
        const idempotencyKey = typeof header === 'string' ? header : null;
        const lost = stripeMandates.loseAnswers > 0;
        if (lost) stripeMandates.loseAnswers--;
        const reply = (status: number, data: unknown) => (lost ? send(500, { error: { type: 'api_error', message: 'An unknown error occurred' } }) : send(status, data));
        // a repeated key gets the first answer back, a decline included, and creates nothing
        const kept = idempotencyKey ? stripeMandates.replies.get(idempotencyKey) : undefined;
        if (kept) return reply(kept.status, kept.data);
        const f = stripeForm();
        stripeMandates.intentRequests.push({ form: f, idempotencyKey });
        const answer = (status: number, data: unknown) => {
          if (idempotencyKey) stripeMandates.replies.set(idempotencyKey, { status, data });
          return reply(status, data);
        };
        const card = stripeMandates.paymentMethods.get(f.payment_method);
        if (!card || card.customer !== f.customer) return answer(400, { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'payment_method', message: `No such PaymentMethod: '${f.payment_method}'` } });
        const decline = stripeMandates.declineNext;
        const processing = stripeMandates.processingNext;
        stripeMandates.declineNext = null;
        stripeMandates.processingNext = false;
        const amount = Number(f.amount);
        const error = decline ? { type: 'card_error', code: ['expired_card', 'authentication_required'].includes(decline) ? decline : 'card_declined', decline_code: decline, message: 'Your card was declined.' } : null;
        const status = decline ? 'requires_payment_method' : processing ? 'processing' : 'succeeded';
        const intent = { id: `pi_T${++counter}`, object: 'payment_intent', amount, amount_received: status === 'succeeded' ? amount : 0, currency: f.currency, customer: f.customer, payment_method: f.payment_method, status, metadata: metadataOf(f), last_payment_error: error, latest_charge: `ch_T${counter}` };
        stripeMandates.paymentIntents.set(intent.id, intent);
        return error ? answer(402, { error: { ...error, payment_intent: intent } }) : answer(200, intent);
      }
      const intentOf = /^\/v1\/payment_intents\/([\w]+)$/.exec(url.pathname);
      if (req.method === 'GET' && intentOf) return stripeMandates.paymentIntents.has(intentOf[1]) ? send(200, stripeMandates.paymentIntents.get(intentOf[1])) : stripeMissing('payment_intent', intentOf[1]);
      const cardOf = /^\/v1\/payment_methods\/([\w]+)(\/detach)?$/.exec(url.pathname);
      if (cardOf && (req.method === 'GET' || (req.method === 'POST' && cardOf[2]))) {
        const card = stripeMandates.paymentMethods.get(cardOf[1]);
        if (!card) return stripeMissing('payment_method', cardOf[1]);
        if (req.method === 'GET') return send(200, card);
        if (!card.customer) return send(400, { error: { type: 'invalid_request_error', message: 'The payment method you provided is not attached to a customer so detachment is impossible.' } });
        const detached = { ...card, customer: null };
        stripeMandates.paymentMethods.set(cardOf[1], detached);
        return send(200, detached);
      }
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
        // a Checkout payment's intent, or a SIP debit's own
        const session = [...stripeSessions.values()].find((x) => x.payment_intent === intent) ?? stripeMandates.paymentIntents.get(intent ?? '');
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
  return { base, rzpPayments, rzpTokens, rzpDeletedTokens, rzpRecurring, stripeSessions, stripeMandates, state, close: () => server.close() };
}
