// deploy/ is copied onto servers as it is: its nginx config and systemd units must agree with the numbers the app
// runs by, or a restart cuts payments and nginx answers POSTs with 502s. These read the shipped files themselves.
import fs from 'node:fs';
import path from 'node:path';
import { KEEPALIVE_TIMEOUT_MS, PROXY_UPSTREAM_KEEPALIVE_MS, SHUTDOWN_GRACE_MS } from '@/lib/constants/server';
import { GATEWAY_TIMEOUT_MS } from '@/lib/constants/payments';
import { IMAGE_MAX_BYTES, MULTIPART_OVERHEAD_BYTES } from '@/lib/constants/media';

const read = (file: string) => fs.readFileSync(path.join(process.cwd(), 'deploy', file), 'utf8');
const nginx = read('nginx/sahyog.conf');
const webUnit = read('systemd/sahyog-web@.service');
const jobsUnit = read('systemd/sahyog-jobs.service');

/** nginx's time units (60s, 1m, 500ms) in milliseconds. */
function nginxMs(value: string): number {
  const m = value.match(/^(\d+)(ms|s|m)?$/);
  if (!m) throw new Error(`not an nginx time: ${value}`);
  return Number(m[1]) * ({ ms: 1, s: 1000, m: 60_000 }[m[2] ?? 's'] as number);
}
/** nginx's sizes (11m, 512k) in bytes. */
function nginxBytes(value: string): number {
  const m = value.match(/^(\d+)([km])?$/i);
  if (!m) throw new Error(`not an nginx size: ${value}`);
  return Number(m[1]) * ({ k: 1024, m: 1024 * 1024 }[(m[2] ?? '').toLowerCase()] ?? 1);
}
const directive = (text: string, name: string) => {
  // nginx: 'name value;'; systemd: 'Name=value'
  const m = text.match(new RegExp(`^\\s*${name}${name.endsWith('=') ? '' : '\\s+'}([^;\\n]+);?$`, 'm'));
  if (!m) throw new Error(`${name} is missing`);
  return m[1].trim();
};
const upstreamBlock = nginx.slice(nginx.indexOf('upstream sahyog_app {'), nginx.indexOf('}', nginx.indexOf('upstream sahyog_app {')));
const seconds = (unit: string, name: string) => Number(directive(unit, name).replace(/s$/, '')) * 1000;

describe('the nginx config we ship', () => {
  it('closes idle upstream connections before the app does, and is the keep-alive the app counts on', () => {
    const keepalive = nginxMs(directive(upstreamBlock, 'keepalive_timeout'));
    expect(keepalive).toBe(PROXY_UPSTREAM_KEEPALIVE_MS);
    expect(keepalive).toBeLessThan(KEEPALIVE_TIMEOUT_MS);
    // HTTP/1.1 with an empty Connection header, or nginx opens a connection per request whatever keepalive says
    expect(directive(nginx, 'proxy_http_version')).toBe('1.1');
    expect(directive(nginx, 'proxy_set_header Connection')).toBe('""');
  });

  it('takes a 10 MB picture with its multipart envelope', () => {
    expect(nginxBytes(directive(nginx, 'client_max_body_size'))).toBeGreaterThanOrEqual(IMAGE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES);
  });

  it('never resends a POST, and waits longer for an answer than a payment gateway call takes', () => {
    const retries = directive(nginx, 'proxy_next_upstream');
    expect(retries.split(/\s+/)).toEqual(['error', 'timeout', 'http_502', 'http_503']);
    expect(retries).not.toContain('non_idempotent');
    expect(nginxMs(directive(nginx, 'proxy_read_timeout'))).toBeGreaterThan(GATEWAY_TIMEOUT_MS);
  });

  it('sends the forwarded headers the app believes from a trusted proxy, the host with its port', () => {
    expect(directive(nginx, 'proxy_set_header X-Forwarded-For')).toBe('$proxy_add_x_forwarded_for');
    expect(directive(nginx, 'proxy_set_header X-Forwarded-Proto')).toBe('$scheme');
    expect(directive(nginx, 'proxy_set_header X-Forwarded-Host')).toBe('$http_host');
    expect(directive(nginx, 'proxy_set_header Host')).toBe('$http_host');
  });
});

describe('the systemd units we ship', () => {
  it('wait longer than the app drains before they kill it', () => {
    expect(seconds(webUnit, 'TimeoutStopSec=')).toBeGreaterThan(SHUTDOWN_GRACE_MS);
    expect(seconds(jobsUnit, 'TimeoutStopSec=')).toBeGreaterThan(SHUTDOWN_GRACE_MS);
  });

  it('start the web process from the build without building, and the jobs worker, as node itself', () => {
    expect(directive(webUnit, 'ExecStart=')).toMatch(/^\/usr\/bin\/node .*server\/start\.ts --no-build$/);
    expect(directive(jobsUnit, 'ExecStart=')).toMatch(/^\/usr\/bin\/node .*scripts\/jobs\.ts$/);
  });
});

describe('the upstream file the rolling restart rewrites', () => {
  const upstream = read('nginx/sahyog-upstream.conf');
  const lines = upstream.split('\n').filter((l) => /^\s*server /.test(l));

  it('is included by the upstream block, and lists each process with the same failure rule, none down', () => {
    expect(upstreamBlock).toContain('include /etc/nginx/sahyog-upstream.conf;');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line.trim()).toMatch(/^server 127\.0\.0\.1:\d+ max_fails=1 fail_timeout=\d+s;$/);
  });
});
