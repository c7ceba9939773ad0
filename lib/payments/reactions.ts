// What a settled order means beyond its money (a SIP's next month, a policy's cover) belongs to the domain that placed
// it: each registers its reaction here by order kind, in one module every entry point loads (lib/reactions.ts), so
// payments settles charges without knowing what they are for. An order of a kind nobody registered fails its settling
// transaction rather than settling half.
import type { Db, Tx } from '../db/client';
import type { mandates, orders } from '../db/schema';
import type { EmailBlock } from '../email/render';

type OrderRow = typeof orders.$inferSelect;
type MandateRow = typeof mandates.$inferSelect;
export type OrderKind = OrderRow['kind'];

export interface OrderReaction {
  /** In the settling transaction, once per real move of the order to paid or failed (the row as it now stands). */
  settled?(tx: Tx, order: OrderRow): Promise<void>;
  /** What a paid order's receipt adds, read in the same transaction after `settled`. */
  receipt?(tx: Tx, order: OrderRow, origin: string): Promise<{ nextDebit: Date | null; links: EmailBlock | null }>;
}

export interface MandateReaction {
  /** In the transaction that moves the mandate: `mandate` is its row as it was before this event. */
  moved(tx: Tx, mandate: MandateRow, status: string): Promise<void>;
  /** After that commit (gateway calls belong outside a transaction). */
  afterCommit?(db: Db, mandateId: number, status: string, ctx: { origin: string }): Promise<void>;
}

interface Reactions {
  orders: Map<OrderKind, OrderReaction>;
  mandate: MandateReaction | null;
}

// one registry per process, whichever copy of this module (Next's bundles, our server's, a script's) settles
const REGISTRY_KEY = Symbol.for('sahyog.payments.reactions');
type WithRegistry = typeof globalThis & { [REGISTRY_KEY]?: Reactions };
// a gift and a tip mean their money, ledger and receipt, which payments itself writes
const registry = ((globalThis as WithRegistry)[REGISTRY_KEY] ??= { orders: new Map<OrderKind, OrderReaction>([['one_time', {}], ['tip', {}]]), mandate: null });

export function registerOrderReaction(kind: OrderKind, reaction: OrderReaction): void {
  registry.orders.set(kind, reaction);
}

export function registerMandateReaction(reaction: MandateReaction): void {
  registry.mandate = reaction;
}

export class UnregisteredReactionError extends Error {}

/** The reaction of an order's kind; throws (and so rolls its transaction back) when its domain registered none. */
export function orderReactionFor(kind: OrderKind): OrderReaction {
  const reaction = registry.orders.get(kind);
  if (!reaction) throw new UnregisteredReactionError(`No reaction is registered for ${kind} orders: load lib/reactions.ts at start-up`);
  return reaction;
}

export function mandateReaction(): MandateReaction {
  if (!registry.mandate) throw new UnregisteredReactionError('No reaction is registered for mandates: load lib/reactions.ts at start-up');
  return registry.mandate;
}

/** For tests of the fail-loudly rule: takes a kind's reaction away and returns the way to put it back. */
export function withoutOrderReaction(kind: OrderKind): () => void {
  const kept = registry.orders.get(kind);
  registry.orders.delete(kind);
  return () => {
    if (kept) registry.orders.set(kind, kept);
  };
}
