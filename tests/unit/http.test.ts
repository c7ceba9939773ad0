import { z } from 'zod';
import { route } from '@/lib/api/route';
import { parseJsonBody, parseQuery } from '@/lib/http/validation';
import { ApiError } from '@/lib/http/errors';

const Body = z.object({ name: z.string().min(2, 'Please enter a valid name'), amount: z.number().positive('Amount must be positive') });

// the route wrapper every API handler is made with, reading its body itself as a handler may
const echo = route({ who: 'anyone', database: false }, async ({ request }) => {
  const body = await parseJsonBody(Body, request);
  return Response.json({ ok: true, body });
});

const post = (body: string) => echo(new Request('http://x/api', { method: 'POST', body }));

describe('API conventions (error envelope, validation)', () => {
  it('a bad body is a 422 with one message per field', async () => {
    const res = await post(JSON.stringify({ name: 'A', amount: -1 }));
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: { code: 'validation_failed', message: 'Please enter a valid name', fields: { name: 'Please enter a valid name', amount: 'Amount must be positive' } },
    });
  });
  it('a body that is not JSON is a 400, not a 500', async () => {
    const res = await post('{nope');
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('bad_request');
  });
  it('an ApiError keeps its status and code', async () => {
    const r = route({ who: 'anyone', database: false }, async () => {
      throw new ApiError('rate_limited', 'Slow down');
    });
    const res = await r(new Request('http://x'));
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ error: { code: 'rate_limited', message: 'Slow down' } });
  });
  it('an unexpected error is a 500 envelope without internals', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    const r = route({ who: 'anyone', database: false }, async () => {
      throw new Error('db password is hunter2');
    });
    const res = await r(new Request('http://x'));
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body.error.code).toBe('internal_error');
    expect(JSON.stringify(body)).not.toContain('hunter2');
    spy.mockRestore();
  });
  it('parses a query string against a schema', () => {
    const q = parseQuery(z.object({ limit: z.coerce.number().max(100) }), 'http://x/?limit=5');
    expect(q.limit).toBe(5);
    expect(() => parseQuery(z.object({ limit: z.coerce.number().max(100, 'too big') }), 'http://x/?limit=500')).toThrow('too big');
  });
});
