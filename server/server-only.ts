// lib/ marks its server modules with 'server-only', which Next resolves to an empty module on the server and which
// throws anywhere else: resolved as Next does for what our server loads of lib/ and app/ itself (tsx loads them through
// require). Imported before any of them.
import Module from 'node:module';
import path from 'node:path';

const resolver = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
const resolve = resolver._resolveFilename;
const SERVER_ONLY = path.join(process.cwd(), 'node_modules', 'server-only', 'empty.js');
resolver._resolveFilename = function (request, ...rest) {
  return resolve.call(this, request === 'server-only' ? SERVER_ONLY : request, ...rest);
};
