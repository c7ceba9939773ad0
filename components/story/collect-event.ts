// spec 7 actions/collect from the browser: a beacon, which outlives a page the visitor is leaving, else a keepalive fetch.
export function collectEvent(event: Record<string, unknown>): void {
  const body = JSON.stringify(event);
  if (!navigator.sendBeacon?.('/api/actions/collect', new Blob([body], { type: 'application/json' }))) {
    void fetch('/api/actions/collect', { method: 'POST', body, headers: { 'Content-Type': 'application/json' }, keepalive: true }).catch(() => {});
  }
}
