// Every route handler under app/ is made by route() (lib/api/route.ts): it declares who may call it and gets the
// same-origin check on writes. A route file whose handlers are written by hand, or that looks up its caller itself
// instead of declaring `who`, fails here.
import { readFileSync, readdirSync } from 'node:fs';
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

// the caller comes from route()'s `who`; these are the lookups it makes, so a route calling them has bypassed it
const CALLER_LOOKUPS = ['signedInUser', 'requireUser', 'sessionState'];

test.each(files)('%s: looks up no caller itself (who is declared in route())', (file) => {
  const imports = [...readFileSync(file, 'utf8').matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"][^'"]*auth\/session['"]/g)];
  const names = imports.flatMap((m) => m[1].split(',').map((n) => n.trim().split(/\s+as\s+/)[0].replace(/^type\s+/, '')));
  expect(names.filter((n) => CALLER_LOOKUPS.includes(n))).toEqual([]);
});
