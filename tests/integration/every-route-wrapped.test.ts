// Every route handler under app/ is made by route() (lib/api/route.ts): it declares who may call it and gets the
// same-origin check on writes. A route file whose handlers are written by hand fails here.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { isRouteHandler } from '@/lib/api/route';

const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const APP = path.join(process.cwd(), 'app');

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return routeFiles(full);
    return e.name === 'route.ts' ? [path.relative(process.cwd(), full)] : [];
  });
}

const files = routeFiles(APP).sort();

test('app/ has route files to check', () => {
  expect(files.length).toBeGreaterThan(100);
});

test.each(files)('%s: every exported handler is made by route()', async (file) => {
  const mod = (await import(`@/${file.replace(/\.ts$/, '')}`)) as Record<string, unknown>;
  const handlers = HTTP_METHODS.filter((m) => m in mod);
  expect(handlers.length).toBeGreaterThan(0);
  expect(handlers.filter((m) => !isRouteHandler(mod[m]))).toEqual([]);
});
