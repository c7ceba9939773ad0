import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PHASE_PRODUCTION_BUILD, PHASE_PRODUCTION_SERVER } from 'next/constants.js';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./i18n/request.ts');
const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * The build's identity, so servers of two builds are told apart (/api/health says which each serves) and a browser
 * holding one build's pages reloads rather than mixing in another's (Next's skew protection, ?dpl= on assets). A build
 * takes DEPLOYMENT_ID when the deploy names it, else the commit it was built from; a server reads back what its build
 * recorded, never the checkout it starts in, which may have moved on since the build.
 */
function deploymentId(phase) {
  if (phase === PHASE_PRODUCTION_BUILD) {
    if (process.env.DEPLOYMENT_ID) return process.env.DEPLOYMENT_ID;
    try {
      return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      // a copy without git history and no DEPLOYMENT_ID: a build with no identity, as before
      return undefined;
    }
  }
  if (phase !== PHASE_PRODUCTION_SERVER) return undefined;
  try {
    return JSON.parse(fs.readFileSync(path.join(root, '.next', 'routes-manifest.json'), 'utf8')).deploymentId;
  } catch {
    return undefined;
  }
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // PGlite ships WASM and data files that must be loaded from node_modules at run time
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pdfkit', 'fontkit'],
  typedRoutes: false,
  // .ci/run runs npm run typecheck beside the build, in the same step that fails when either does: the build's own pass
  // over the same files (half a minute of one core) is work done twice there, and only there
  typescript: { ignoreBuildErrors: process.env.TYPECHECKED_BESIDE_BUILD === '1' },
  // spec 2's 404 page as a whole document Next renders at the routing level (app/global-not-found.tsx): it reads without JavaScript
  // a CI build is made once on a clean clone: the Turbopack cache it would write (about 400 MB) is never read
  // the pages' CSS (about 7 kB compressed in all) goes in the HTML: on a phone's first visit three render-blocking
  // stylesheet requests cost more than the bytes (Lighthouse mobile: ~600 ms of the story's LCP)
  // cached pages and unstable_cache entries stay in each server's memory: on disk in .next, every server started from
  // the folder read them, and an entry's key names no database, so a server of another database (an e2e lane beside
  // another, a demo beside staging) showed its rows. PAGE_CACHE_ON_DISK=1 shares them where every server has one database
  experimental: { globalNotFound: true, inlineCss: true, turbopackFileSystemCacheForBuild: process.env.CI !== 'true', isrFlushToDisk: process.env.PAGE_CACHE_ON_DISK === '1' },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
        ],
      },
    ];
  },
};

export default async function config(phase) {
  let composed = withNextIntl({ ...nextConfig, deploymentId: deploymentId(phase) });
  // Sentry's build plugin only when a DSN is configured: without one the browser loads no Sentry code.
  if (process.env.SENTRY_DSN || process.env.NEXT_PUBLIC_SENTRY_DSN) {
    const { withSentryConfig } = await import('@sentry/nextjs/config');
    composed = withSentryConfig(composed, { silent: true, telemetry: false, sourcemaps: { disable: !process.env.SENTRY_AUTH_TOKEN } });
  }
  return composed;
}
