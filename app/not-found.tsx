import Link from 'next/link';

// Paths outside the localized tree (rare: the middleware sends nearly everything there).
export default function RootNotFound() {
  return (
    <html lang="en">
      <body style={{ fontFamily: 'system-ui, sans-serif', textAlign: 'center', padding: '64px 16px' }}>
        <h1>Page not found</h1>
        <p>
          <Link href="/">Go to the home page</Link>
        </p>
      </body>
    </html>
  );
}
