// What a charge asks the donor to pay: the gift and the tip to the platform, in the order's minor units.
import { sql } from 'drizzle-orm';
import { orders } from '../db/schema';

/** The order's total in minor units (the gift plus the tip). */
export const orderTotalMinor = (order: { donated_amount_minor: number; tip_amount_minor: number }): number => order.donated_amount_minor + order.tip_amount_minor;

/** The same total as a column of a query on orders. */
export const orderTotalSql = () => sql<number>`${orders.donated_amount_minor} + ${orders.tip_amount_minor}`.mapWith(Number);
