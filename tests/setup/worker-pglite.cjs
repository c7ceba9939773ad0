// Integration files get PGlite as the worker loaded it once (integration-environment.ts), not a fresh copy per file:
// each copy compiled PGlite's JavaScript and its 9 MB wasm again and ran them cold, about a second of CPU per file.
const loaded = globalThis[Symbol.for('sahyog.test.pglite')];
if (!loaded) throw new Error('PGlite is handed over by the integration environment (tests/setup/integration-environment.ts)');
const { types } = loaded;

// The worker's PGlite checks `instanceof Date` and `instanceof Uint8Array` against its own realm, and a test file's
// Dates and bytes come from the file's: these serialisers recognise either.
const isDate = (x) => x instanceof Date || Object.prototype.toString.call(x) === '[object Date]';
function date(x) {
  if (typeof x === 'string') return x;
  if (x === Infinity) return 'infinity';
  if (x === -Infinity) return '-infinity';
  if (typeof x === 'number') return new Date(x).toISOString();
  if (isDate(x)) return x.toISOString();
  throw new Error('Invalid input for date type');
}
const text = (x) => (isDate(x) ? x.toISOString() : x.toString());
function bytea(x) {
  if (!ArrayBuffer.isView(x)) throw new Error('Invalid input for bytea type');
  return '\\x' + Buffer.from(x.buffer, x.byteOffset, x.byteLength).toString('hex');
}
const serializers = { [types.DATE]: date, [types.TIMESTAMP]: date, [types.TIMESTAMPTZ]: date, [types.TEXT]: text, [types.VARCHAR]: text, [types.BPCHAR]: text, [types.BYTEA]: bytea };

// new PGlite(), new PGlite(dataDir, options) or new PGlite(options), as PGlite takes them
class PGlite extends loaded.PGlite {
  constructor(dataDirOrOptions, options = {}) {
    const merged = (o) => ({ ...o, serializers: { ...serializers, ...o.serializers } });
    if (typeof dataDirOrOptions === 'string') super(dataDirOrOptions, merged(options));
    else super(merged(dataDirOrOptions ?? {}));
  }
}
module.exports = { ...loaded, PGlite };
