// What the benches share: a pool of requests in flight, and JSON POSTs.
/** Runs fn over the items, `size` at a time (the benches' requests in flight); answers the results in order. */
export async function pool(items, size, fn) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i], i);
      }
    }),
  );
  return results;
}

/** POSTs JSON (a string is sent as it is: a webhook's signature covers exactly its bytes); answers status, parsed JSON and headers. */
export async function postJson(base, path, body, headers = {}) {
  const r = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body), redirect: 'manual' });
  const text = await r.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // a redirect or plain text
  }
  return { status: r.status, json, headers: r.headers };
}

/** The Cookie header a browser sends after this answer: a cart's answer sets its checkout access, without which its order and send are refused. */
export const browserCookies = (headers) => headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
