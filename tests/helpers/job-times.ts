/** The job runner's times scaled down for a test: a 2 s periodic claim renewed every half second, maintenance every second. */
export const KILLED_WORKER_TIMES = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, periodicClaimSeconds: 2, heartbeatSeconds: 0.5, periodicRetryDelaySeconds: 1 };
