// spec 4 new/payment-route: an order that cannot be read goes back by origin (each with st=f), as a failed payment does.
import { isForeignThankYouReturn, nextReturnStep, readPaymentReturn, withReturnProof } from '@/lib/payments/return-route';

const ret = (query: string) => readPaymentReturn(new URLSearchParams(query));
const notFound = { ok: false, body: { error: { code: 'not_found', message: 'Order not found' } } };

describe('reading the return URL (spec 3 return params)', () => {
  it('takes oi or order_id, or (origin) or origin, ct and id; passes the rest on as the gateway result', () => {
    expect(ret('oi=SHY1&or=f&ct=help-asha&id=7&status=failed&signature=abc')).toEqual({
      orderId: 'SHY1',
      returnedOrderId: null,
      origin: 'f',
      fundraiser: { custom_tag: 'help-asha', id: 7 },
      gatewayParams: { status: 'failed', signature: 'abc' },
      pageType: null,
    });
    // where the gift was placed (pt) is ours, not the gateway's
    expect(ret('oi=SHY1&or=s&ct=x&id=7&pt=payment_form&status=failed')).toMatchObject({ pageType: 'payment_form', gatewayParams: { status: 'failed' } });
    expect(ret('order_id=SHY2&origin=s&ct=x').orderId).toBe('SHY2');
    expect(ret('oi=SHY3&origin=zz').origin).toBeNull();
  });
  it('spec 4: a returned order id that is not ours, on a thank-you origin, is told apart', () => {
    expect(isForeignThankYouReturn(ret('oi=SHY1&order_id=SHY9&or=tp&ct=x'))).toBe(true);
    expect(isForeignThankYouReturn(ret('oi=SHY1&order_id=SHY9&or=s&ct=x'))).toBe(false);
    expect(isForeignThankYouReturn(ret('order_id=SHY9&or=tp&ct=x'))).toBe(false);
  });
});

describe('an order the router cannot read goes back by origin, with st=f', () => {
  it.each([
    ['f', '/fundraiser/help-asha?st=f&reason=Order+not+found'],
    ['s', '/stories/help-asha?st=f&reason=Order+not+found'],
    ['tp', '/new/thankyou/help-asha?st=f&reason=Order+not+found'],
    ['up', '/new/campaign/campaign_update?ct=help-asha&st=f&reason=Order+not+found'],
    ['tann', '/new/anniversary?st=f&reason=Order+not+found'],
    ['tip', '/new/standalonetip?st=f&reason=Order+not+found'],
    ['ps', '/new/payment?ct=help-asha&id=7&payment=form&st=f&reason=Order+not+found'],
    ['zz', '/payment-failed?st=f&reason=Order+not+found'],
  ])('unknown oi, origin %s: %s', (origin, target) => {
    expect(nextReturnStep(ret(`oi=SHYNOPE&or=${origin}&ct=help-asha&id=7`), notFound)).toEqual({ go: target });
  });

  it('a request that never got an answer (or answered no JSON) goes back by origin without a made-up reason', () => {
    expect(nextReturnStep(ret('oi=SHY1&origin=s&ct=help-asha&id=7'), null)).toEqual({ go: '/stories/help-asha?st=f' });
    expect(nextReturnStep(ret('oi=SHY1&origin=f&ct=help-asha&id=7'), { ok: false, body: null })).toEqual({ go: '/fundraiser/help-asha?st=f' });
  });

  it('a gift from an update (origin up) goes back to that update; its id is ours, not sent to the gateway', () => {
    const r = ret('oi=SHYNOPE&or=up&ct=help-asha&id=7&update=12&payment_id=pay_1');
    expect(r.gatewayParams).toEqual({ payment_id: 'pay_1' });
    expect(nextReturnStep(r, notFound)).toEqual({ go: '/new/campaign/campaign_update?ct=help-asha&update=12&st=f&reason=Order+not+found' });
    expect(nextReturnStep(ret('oi=SHY1&or=up'), null)).toEqual({ go: '/payment-failed?st=f' });
  });

  it('without the fundraiser in the URL, its origins fall back to /payment-failed rather than a broken address', () => {
    expect(nextReturnStep(ret('oi=SHY1&or=s'), null)).toEqual({ go: '/payment-failed?st=f' });
    expect(nextReturnStep(ret('oi=SHY1&or=ps&ct=help-asha'), null)).toEqual({ go: '/payment-failed?st=f' });
  });

  it('a settled answer goes where the server says; a pending one checks again; a foreign address is not followed', () => {
    const r = ret('oi=SHY1&or=s&ct=help-asha&id=7');
    expect(nextReturnStep(r, { ok: true, body: { data: { status: 'success', redirect: '/new/thankyou/help-asha?oi=SHY1' } } })).toEqual({ go: '/new/thankyou/help-asha?oi=SHY1' });
    expect(nextReturnStep(r, { ok: true, body: { data: { status: 'pending', redirect: null } } })).toEqual({ recheck: true });
    expect(nextReturnStep(r, { ok: true, body: { data: { status: 'success', redirect: '//evil.example/' } } })).toEqual({ go: '/stories/help-asha?st=f' });
  });

  it("a paid order's thank-you gets the gateway's return as the donor's proof; a failure's way back does not, and our own oi is never replaced", () => {
    const r = ret('oi=SHY1&or=s&ct=help-asha&id=7&status=success&oi_extra=1&signature=abc');
    expect(nextReturnStep(r, { ok: true, body: { data: { status: 'success', redirect: '/new/thankyou/help-asha?oi=SHY1' } } })).toEqual({ go: '/new/thankyou/help-asha?oi=SHY1&status=success&oi_extra=1&signature=abc' });
    expect(nextReturnStep(r, { ok: true, body: { data: { status: 'failed', redirect: '/stories/help-asha?st=f' } } })).toEqual({ go: '/stories/help-asha?st=f' });
    expect(withReturnProof('/new/thankyou/x?oi=SHY1', { oi: 'SHYOTHER', signature: 'abc' })).toBe('/new/thankyou/x?oi=SHY1&signature=abc');
  });
});
