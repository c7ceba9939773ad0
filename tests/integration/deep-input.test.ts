// A body nested thousands deep (10 kB of brackets) answered 500 on login, sign-up, cart and order, and
// grew the server's memory with every one: the check for control characters walked it recursively. Now the walk is
// iterative and capped at JSON_INPUT_MAX_DEPTH, and such a body is a 400 in the error envelope, through Next's route
// handlers and through our server's fast lane alike, with nothing written.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { count } from 'drizzle-orm';
import { POST as login } from '@/app/api/auth/login/route';
import { POST as signUp } from '@/app/api/users/route';
import { POST as cart } from '@/app/api/fundraisers/[id]/cart/route';
import { POST as order } from '@/app/api/fundraisers/[id]/order/route';
import { FAST_ROUTES } from '@/server/fast-lane-routes';
import { fastLane } from '@/server/fast-lane';
import { stampClientAddress, trustProxyFrom } from '@/lib/http/client-address';
import { INPUT_TOO_DEEP_MESSAGE, inputProblem } from '@/lib/http/validation';
import { JSON_INPUT_MAX_DEPTH } from '@/lib/constants/security/limits';
import { CLIENT_ADDRESS_HEADER } from '@/lib/constants/server';
import { carts, orders, users } from '@/lib/db/schema';
import { call, closeDb } from '../helpers/db';
import { freshDb, makeFundraiser } from '../factories';
import type { Db } from '@/lib/db/client';

const DEPTH = 5_000;
// 10 kB: five thousand arrays inside one another
const nestedArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
// a well-formed payload whose one field is nested deep, and one whose nesting is all objects
const deepField = (depth: number) => `{"email_id":"deep@example.com","password":"Secret123!","full_name":"Deep Input","donated_amount":500,"currency":"INR","cart_id":1,"mode":"UPI","x":${nestedArrays(depth)}}`;
const nestedObjects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
const BODIES = [nestedArrays(DEPTH), deepField(DEPTH), nestedObjects(DEPTH)];

let db: Db;
let fundraiserId: number;
let server: http.Server;
let port = 0;

beforeAll(async () => {
  db = await freshDb();
  fundraiserId = (await makeFundraiser(db)).id;
  const trust = trustProxyFrom(undefined);
  server = http.createServer((req, res) => {
    stampClientAddress(req, trust);
    if (lane(req, res)) return;
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  const lane = fastLane(FAST_ROUTES, async () => {}, { hostname: '0.0.0.0', port, headers: {} });
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await closeDb();
});

const rows = async () => ({
  users: (await db.select({ n: count() }).from(users))[0].n,
  carts: (await db.select({ n: count() }).from(carts))[0].n,
  orders: (await db.select({ n: count() }).from(orders))[0].n,
});

const jsonInit = (body: string): RequestInit => ({
  method: 'POST',
  body,
  headers: { 'content-type': 'application/json', origin: 'http://localhost', [CLIENT_ADDRESS_HEADER]: '10.30.13.1' },
});

function expectTooDeep(answer: { status: number; body: any }, where: string) {
  expect(`${where} -> ${answer.status}`).toBe(`${where} -> 400`);
  expect(answer.body).toEqual({ error: { code: 'bad_request', message: INPUT_TOO_DEEP_MESSAGE } });
}

describe('a body nested thousands deep is a clear 400, never a 500', () => {
  it('on login, sign-up, cart and order through their route handlers (signed out), writing nothing', async () => {
    const before = await rows();
    const routes = [
      ['login', () => login, '/api/auth/login', {}],
      ['sign-up', () => signUp, '/api/users', {}],
      ['cart', () => cart, `/api/fundraisers/${fundraiserId}/cart`, { id: String(fundraiserId) }],
      ['order', () => order, `/api/fundraisers/${fundraiserId}/order`, { id: String(fundraiserId) }],
    ] as const;
    for (const [name, handler, url, params] of routes) {
      for (const [i, body] of BODIES.entries()) expectTooDeep(await call(handler() as never, url, params as never, jsonInit(body)), `${name} body ${i}`);
    }
    expect(await rows()).toEqual(before);
  });

  it('on cart and order through the fast lane', async () => {
    const before = await rows();
    const post = (path: string, body: string) =>
      new Promise<{ status: number; body: any; lane: unknown }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'application/json', host: `localhost:${port}` } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')), lane: res.headers['x-fast-lane'] }));
        });
        req.on('error', reject);
        req.end(body);
      });
    for (const path of [`/api/fundraisers/${fundraiserId}/cart`, `/api/fundraisers/${fundraiserId}/order`]) {
      for (const [i, body] of BODIES.entries()) {
        const answer = await post(path, body);
        expect(answer.lane).toBe('1');
        expectTooDeep(answer, `${path} body ${i}`);
      }
    }
    expect(await rows()).toEqual(before);
  });

  // no timed assertion (CI machines are shared and noisy): a walk that recursed would overflow the stack (a 500), and a
  // quadratic one over half a million levels would run for minutes, past this test's own timeout
  it('even at the body cap (1 MB of brackets, half a million deep), a clear 400', async () => {
    expectTooDeep(await call(login, '/api/auth/login', {}, jsonInit(nestedArrays(500_000))), 'login, 1 MB');
  }, 30_000);

  it('the cap is the constant: its own depth passes the walk, one more level is refused', () => {
    expect(inputProblem(JSON.parse(nestedArrays(JSON_INPUT_MAX_DEPTH)))).toBeNull();
    expect(inputProblem(JSON.parse(nestedArrays(JSON_INPUT_MAX_DEPTH + 1)))).toEqual({ kind: 'too_deep' });
  });

  it('control characters are still found, with the path of their field, keys included', () => {
    expect(inputProblem({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toEqual({ kind: 'control_character', path: 'a.1.c' });
    expect(inputProblem({ a: { 'k\u0001': 1 } })).toEqual({ kind: 'control_character', path: 'a._' });
    expect(inputProblem('\u0007')).toEqual({ kind: 'control_character', path: '_' });
    // the first in document order wins
    expect(inputProblem({ first: ['\u0002'], second: '\u0003' })).toEqual({ kind: 'control_character', path: 'first.0' });
    expect(inputProblem({ a: 'tab\tand\nline breaks are fine' })).toBeNull();
  });
});
