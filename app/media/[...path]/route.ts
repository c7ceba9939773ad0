// Generated demo media: /media/demo/{id}/{kind}.svg, /media/default/fundraiser.svg, /media/brand/*.svg
import { defaultFundraiserArt, demoArt, partnerMark } from '@/lib/media/demo-art';

const svg = (body: string) =>
  new Response(body, {
    headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=31536000, immutable', 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'" },
  });

export async function GET(_request: Request, { params }: { params: Promise<{ path: string[] }> }) {
  const path = (await params).path;
  if (path[0] === 'demo' && path.length === 3 && path[2].endsWith('.svg')) {
    const art = demoArt(Number(path[1]), path[2].slice(0, -4));
    if (art) return svg(art);
  }
  if (path.join('/') === 'default/fundraiser.svg') return svg(defaultFundraiserArt());
  if (path.join('/') === 'brand/asha-logo.svg' || path.join('/') === 'brand/asha-favicon.svg') return svg(partnerMark('#6d28d9', 'A'));
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
}
