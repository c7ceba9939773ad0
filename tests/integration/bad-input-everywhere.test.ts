// Every API route, fed NUL bytes, odd numbers and broken JSON, answers a 4xx (or its normal answer),
// never a 500. The routes are found on disk, so a new route is covered without anyone remembering to.
import fs from 'node:fs';
import path from 'node:path';
import { CLIENT_ADDRESS_HEADER } from '@/lib/constants/server';
import { closeDb } from '../helpers/db';
import { freshDb } from '../factories';

const API = path.join(process.cwd(), 'app', 'api');
const routeFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? routeFiles(path.join(dir, e.name)) : e.name === 'route.ts' ? [path.join(dir, e.name)] : []));

// a value for every dynamic segment the API has
const PARAMS: Record<string, string> = { id: '1', oi: 'SHYNOTREAL0001', gateway: 'sandbox', updateId: '1', provider: 'google', task: 'reconcile', orderId: '1' };
const BODIES = [
  '{"email_id":"a\\u0000@example.com","password":"x\\u0000","pin":"12\\u00004","comment":"\\u0000","order_id":"SHY\\u0000","cart_id":"1\\u0000","vpa":"a\\u0000@upi","full_name":"\\u0000","fundraiser_id":"1\\u0000","token":"\\u0000","redirect_uri":"/\\u0000/evil.example"}',
  '{"donated_amount":true,"tip_amount":1e17,"currency":"INR","cart_id":[1],"fundraiser_id":{"a":1}}',
  '{"broken json',
  '[]',
  'null',
  // 10 kB of arrays nested 5,000 deep overflowed the recursive input walk (a 500)
  '['.repeat(5_000) + ']'.repeat(5_000),
];

// a 503 is this route's answer when the process should not be sent requests: a test process follows no cache bus
const ANSWERS_NOT_READY = new Set(['health/ready']);

beforeAll(async () => {
  await freshDb();
});
afterAll(closeDb);

describe('no API route answers odd input with a 500', () => {
  const files = routeFiles(API);
  it('finds the routes', () => expect(files.length).toBeGreaterThan(40));

  it.each(files.map((f) => [path.relative(API, path.dirname(f))]))('api/%s', async (route) => {
    const mod = await import(path.join(API, route, 'route.ts'));
    const params = Object.fromEntries([...route.matchAll(/\[(\w+)\]/g)].map(([, name]) => [name, PARAMS[name] ?? '1']));
    const url = `http://localhost/api/${route.replace(/\[(\w+)\]/g, (_, n: string) => params[n])}`;
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      const handler = mod[method];
      if (!handler) continue;
      const inputs = method === 'GET' || method === 'DELETE' ? [null] : BODIES;
      for (const body of inputs) {
        const query = method === 'GET' ? '?q=%00&page=%00&limit=1e99&currency=%00&redirect_uri=%2F%09%2Fevil.example' : '';
        const request = new Request(`${url}${query}`, {
          method,
          ...(body === null ? {} : { body }),
          headers: { 'content-type': 'application/json', origin: 'http://localhost', [CLIENT_ADDRESS_HEADER]: `10.123.${Math.floor(Math.random() * 250)}.1` },
        });
        const res: Response = await handler(request, { params: Promise.resolve(params) });
        // name the call in the failure, so a new 500 says which input caused it
        expect(`${method} ${body ?? ''} -> ${res.status}`).toMatch(ANSWERS_NOT_READY.has(route) ? / -> (?:[1-4]\d\d|503)$/ : / -> [1-4]\d\d$/);
      }
    }
  });
});
