// Health answers for a proxy in front (nginx) and the drills.

/** /api/health/ready waits this long for the database's answer before calling it down */
export const READY_DATABASE_TIMEOUT_MS = 2_000;
