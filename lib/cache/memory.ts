// Reads a module keeps in its own memory for seconds (list totals, brands, event counts, exchange rates). Each module
// registers how to forget them, under what they copy, so a change announced on the cache bus, a writer in this
// process, or a lost bus connection empties every copy: Next's bundles and our server each load their own module.

/** What a kept read copies: fundraisers (and what is counted about them), partner brands, exchange rates. */
export type KeptKind = 'fundraisers' | 'brands' | 'rates';

export const KEPT_KINDS: readonly KeptKind[] = ['fundraisers', 'brands', 'rates'];

const FORGETTERS_KEY = Symbol.for('sahyog.cache.kept-in-memory');
type WithForgetters = typeof globalThis & { [FORGETTERS_KEY]?: Map<KeptKind, Set<() => void>> };
const forgetters = ((globalThis as WithForgetters)[FORGETTERS_KEY] ??= new Map());

/** Registers a module's in-memory copy of `kind` (called once, where the module keeps it). */
export function keptInMemory(kind: KeptKind, forget: () => void): void {
  const set = forgetters.get(kind) ?? new Set();
  set.add(forget);
  forgetters.set(kind, set);
}

/** Empties every registered copy of these kinds, in every loaded copy of every module. */
export function forgetKeptInMemory(kinds: readonly KeptKind[] = KEPT_KINDS): void {
  for (const kind of kinds) for (const forget of forgetters.get(kind) ?? []) forget();
}
