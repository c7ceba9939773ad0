// spec 4 new/payment-route: an order the router cannot read (a request error, an unknown oi) goes back by origin,
// each with st=f, as a failed payment does; before, every origin landed on /payment-failed.
import { render, waitFor } from '@testing-library/react';
import { PaymentRouteClient } from '@/components/payment/PaymentRouteClient';
import { PAYMENT_RETURN_RECHECK_MS } from '@/lib/constants/giving';

const replaced = jest.fn();
jest.mock('@/components/auth/client-session', () => ({ ...jest.requireActual('@/components/auth/client-session'), replaceLocation: (url: string) => replaced(url) }));

const fetchMock = jest.fn();
beforeEach(() => {
  replaced.mockReset();
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
});
const answer = (status: number, body: unknown) => Promise.resolve({ ok: status < 400, status, json: async () => body } as Response);
const orderNotFound = () => answer(404, { error: { code: 'not_found', message: 'Order not found' } });

async function returnTo(query: string, localePrefix = '') {
  window.history.replaceState(null, '', `/new/payment-route?${query}`);
  render(<PaymentRouteClient localePrefix={localePrefix} />);
  await waitFor(() => expect(replaced).toHaveBeenCalledTimes(1));
  return replaced.mock.calls[0][0] as string;
}

describe('an unknown oi goes back by origin (spec 3 param or, or origin)', () => {
  it.each([
    ['or=f', '/fundraiser/help-asha?st=f&reason=Order+not+found'],
    ['or=s', '/stories/help-asha?st=f&reason=Order+not+found'],
    ['or=tp', '/new/thankyou/help-asha?st=f&reason=Order+not+found'],
    ['or=up', '/new/campaign/campaign_update?ct=help-asha&st=f&reason=Order+not+found'],
    ['or=tann', '/new/anniversary?st=f&reason=Order+not+found'],
    ['or=tip', '/new/standalonetip?st=f&reason=Order+not+found'],
    ['or=ps', '/new/payment?ct=help-asha&id=7&payment=form&st=f&reason=Order+not+found'],
    ['origin=s', '/stories/help-asha?st=f&reason=Order+not+found'],
    ['or=zz', '/payment-failed?st=f&reason=Order+not+found'],
  ])('%s', async (origin, target) => {
    fetchMock.mockReturnValueOnce(orderNotFound());
    expect(await returnTo(`oi=SHYNOPE1&${origin}&ct=help-asha&id=7&status=success`)).toBe(target);
    expect(fetchMock).toHaveBeenCalledWith('/api/payment/response/SHYNOPE1', expect.objectContaining({ method: 'POST', body: JSON.stringify({ status: 'success' }) }));
  });
});

describe('a request error goes back by origin too', () => {
  it('no answer at all, in the page language', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await returnTo('oi=SHY1&or=f&ct=help-asha&id=7', '/hi')).toBe('/hi/fundraiser/help-asha?st=f');
  });
  it('an answer that is not ours (a proxy error page)', async () => {
    fetchMock.mockReturnValueOnce(Promise.resolve({ ok: false, status: 502, json: async () => { throw new SyntaxError('Unexpected token <'); } } as unknown as Response));
    expect(await returnTo('oi=SHY1&or=tp&ct=help-asha&id=7')).toBe('/new/thankyou/help-asha?st=f');
  });
  it('a return with no order id at all asks nothing', async () => {
    expect(await returnTo('or=s&ct=help-asha&id=7')).toBe('/stories/help-asha?st=f');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

it('a settled order still goes where the server says', async () => {
  fetchMock.mockReturnValueOnce(answer(200, { data: { status: 'success', redirect: '/new/thankyou/help-asha?oi=SHY1' } }));
  expect(await returnTo('oi=SHY1&or=s&ct=help-asha&id=7')).toBe('/new/thankyou/help-asha?oi=SHY1');
});

it("re-checks a pending order every 10 s with the same return as its first call (it proves the reader in a browser that did not make the cart), and carries it to the donor's thank-you", async () => {
  jest.useFakeTimers();
  try {
    fetchMock.mockReturnValueOnce(answer(200, { data: { status: 'pending', redirect: null } }));
    fetchMock.mockReturnValueOnce(answer(200, { data: { status: 'pending', redirect: null } }));
    fetchMock.mockReturnValueOnce(answer(200, { data: { status: 'success', redirect: '/new/thankyou/help-asha?oi=SHY1' } }));
    window.history.replaceState(null, '', '/new/payment-route?oi=SHY1&or=s&ct=help-asha&id=7&status=pending&payment_id=p1&signature=abc');
    render(<PaymentRouteClient localePrefix="" />);
    await jest.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(PAYMENT_RETURN_RECHECK_MS);
    await jest.advanceTimersByTimeAsync(PAYMENT_RETURN_RECHECK_MS);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const sent = JSON.stringify({ status: 'pending', payment_id: 'p1', signature: 'abc' });
    for (const [url, init] of fetchMock.mock.calls) expect([url, (init as RequestInit).body]).toEqual(['/api/payment/response/SHY1', sent]);
    expect(replaced).toHaveBeenCalledWith('/new/thankyou/help-asha?oi=SHY1&status=pending&payment_id=p1&signature=abc');
  } finally {
    jest.useRealTimers();
  }
});
