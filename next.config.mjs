import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // PGlite ships WASM and data files that must be loaded from node_modules at run time
  serverExternalPackages: ['@electric-sql/pglite', 'pg'],
  typedRoutes: false,
  // spec 2's 404 page as a whole document Next renders at the routing level (app/global-not-found.tsx): it reads without JavaScript
  // a CI build is made once on a clean clone: the Turbopack cache it would write (about 400 MB) is never read
  experimental: { globalNotFound: true, turbopackFileSystemCacheForBuild: process.env.CI !== 'true' },
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

let config = withNextIntl(nextConfig);

// Sentry's build plugin only when a DSN is configured: without one the browser loads no Sentry code.
if (process.env.SENTRY_DSN || process.env.NEXT_PUBLIC_SENTRY_DSN) {
  const { withSentryConfig } = await import('@sentry/nextjs/config');
  config = withSentryConfig(config, { silent: true, telemetry: false, sourcemaps: { disable: !process.env.SENTRY_AUTH_TOKEN } });
}

export default config;
