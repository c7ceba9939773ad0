// Generated demo media: /media/demo/{cause art}/{id}/{kind}[-{w}w].webp, /media/demo/{id}/{kind}.svg (older seeds), /media/default/fundraiser.svg, /media/brand/*.svg, share previews /media/og/{id}.jpg
import { causeArt, demoArt, demoDrawingOf, partnerMark } from '@/demo/art';
import { defaultFundraiserArt } from '@/lib/media/default-art';
import { shareImageFor } from '@/lib/media/share-image';
import { getDb } from '@/lib/db/client';
import { shareSourceImage } from '@/lib/story/queries';
import { parseDemoImage } from '@/lib/media/demo-images';
import { demoImageWebp } from '@/lib/media/raster';
import { route } from '@/lib/api/route';

const svg = (body: string) =>
  new Response(body, {
    headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=31536000, immutable', 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'" },
  });

// most of these are drawings made without the database: it is opened only for what needs it
export const GET = route({ who: 'anyone', database: false }, async ({ params }) => {
  const path = (params as unknown as { path: string[] }).path;
  // share previews: /media/og/{fundraiser id}.jpg, a raster made once per fundraiser image
  const og = path.length === 2 && path[0] === 'og' ? /^(\d{1,10})\.jpg$/.exec(path[1]) : null;
  if (og) {
    const source = await shareSourceImage(await getDb(), Number(og[1]));
    const image = source ? await shareImageFor(source, demoDrawingOf) : null;
    if (image) return new Response(new Uint8Array(image), { headers: { 'Content-Type': 'image/jpeg', 'Cache-Control': 'public, max-age=86400', 'X-Content-Type-Options': 'nosniff' } });
  }
  const demo = parseDemoImage(`/media/${path.join('/')}`);
  const webp = demo ? await demoImageWebp(await getDb(), demo, (d) => causeArt(d.art, d.id, d.kind)) : null;
  if (webp) return new Response(new Uint8Array(webp), { headers: { 'Content-Type': 'image/webp', 'Cache-Control': 'public, max-age=604800', 'X-Content-Type-Options': 'nosniff' } });
  if (path[0] === 'demo' && path.length === 3 && path[2].endsWith('.svg')) {
    const art = demoArt(Number(path[1]), path[2].slice(0, -4));
    if (art) return svg(art);
  }
  if (path.join('/') === 'default/fundraiser.svg') return svg(defaultFundraiserArt());
  if (path.join('/') === 'brand/asha-logo.svg' || path.join('/') === 'brand/asha-favicon.svg') return svg(partnerMark('#6d28d9', 'A'));
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
});
