// Row ids, in a file of their own because the payment form's browser code checks them.
/** The largest row id: ids are PostgreSQL serials (int4), so a bigger number names no row. */
export const MAX_ROW_ID = 2_147_483_647;
