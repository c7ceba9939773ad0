// Uploaded pictures (issue "Media", spec 5): checked by name, size and content, stored again in the sizes the pages
// use with nothing of the file's metadata (a phone photo's GPS position must not reach the public), served safely.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { GET as uploadFile } from '@/app/media/uploads/[name]/route';
import { deleteImageUpload, processImageUpload, uploadIdOf } from '@/lib/media/uploads';
import { resetMediaStoreForTests } from '@/lib/media/store';
import { resetEnvForTests } from '@/lib/env';
import { IMAGE_MAX_BYTES } from '@/lib/constants/media';
import { ApiError } from '@/lib/http/errors';

// pictures go to a folder of this test file, not ./data
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahyog-uploads-'));
process.env.DATA_DIR = dataDir;
delete process.env.S3_BUCKET;
resetEnvForTests();
resetMediaStoreForTests();
afterAll(() => {
  resetMediaStoreForTests();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const uploadsDir = path.join(dataDir, 'uploads');
const stored = () => (fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir).sort() : []);

const GPS = { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '77/1 35/1 4321/100' };

/** A phone photo: a JPEG with the camera's make and a GPS position in its EXIF (and, when asked, an orientation). */
const phonePhoto = (width: number, height: number, orientation?: number) => {
  const image = sharp({ create: { width, height, channels: 3, background: '#c0392b' } }).jpeg();
  return (orientation ? image.withMetadata({ orientation }) : image).withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Pocket 9' }, IFD3: GPS }).toBuffer();
};

/** The tags of an EXIF block's first directory (0x8825 points at the GPS position). */
function exifTags(exif: Buffer): number[] {
  const tiff = exif.subarray(6); // after "Exif\0\0"
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (o: number) => (little ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const ifd = little ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4);
  return Array.from({ length: u16(ifd) }, (_, i) => u16(ifd + 2 + i * 12));
}
const GPS_POINTER_TAG = 0x8825;

async function serve(url: string) {
  const name = url.replace('/media/uploads/', '');
  const res = await uploadFile(new Request(`http://localhost${url}`), { params: Promise.resolve({ name }) });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function refusal(file: { name: string; bytes: Uint8Array }) {
  const e = await processImageUpload(file, 'leaderboard', 'media-test').then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ApiError);
  const err = e as ApiError;
  return { status: err.status, message: err.message, fields: err.fields };
}

/** A PNG whose header claims this size over almost no data: what a decompression bomb looks like before it is unpacked. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(Buffer.alloc(64))), chunk('IEND', Buffer.alloc(0))]);
}

/** A 24-bit bitmap of one colour, as Paint saves it. */
function solidBmp(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const stride = Math.ceil((width * 3) / 4) * 4;
  const file = Buffer.alloc(54 + stride * height);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(54, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(24, 28);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) file.set([b, g, r], 54 + y * stride + x * 3);
  return file;
}

describe('spec 5 and issue "Media": uploaded pictures', () => {
  it('a phone photo comes back with no EXIF (no GPS position, no camera) in every size', async () => {
    const photo = await phonePhoto(1600, 1000);
    // the photo really carries what must go
    const before = await sharp(photo).metadata();
    expect(exifTags(before.exif!)).toContain(GPS_POINTER_TAG);
    expect(photo.includes('PhoneMaker')).toBe(true);

    const upload = await processImageUpload({ name: 'IMG_0042.JPG', bytes: photo }, 'beneficiary', 'media-test');
    expect(Object.keys(upload.variants).sort()).toEqual(['card', 'share', 'story']);
    for (const url of Object.values(upload.variants)) {
      const served = await serve(url);
      expect([url, served.status]).toEqual([url, 200]);
      const meta = await sharp(served.bytes).metadata();
      expect([url, meta.exif, meta.xmp, meta.iptc]).toEqual([url, undefined, undefined, undefined]);
      expect(served.bytes.includes('PhoneMaker')).toBe(false);
    }
  });

  it('stores the sizes the pages use: card 600 wide, story up to 1200 wide and never enlarged, share 1200x630 JPEG', async () => {
    const small = await processImageUpload({ name: 'small.jpg', bytes: await phonePhoto(800, 500) }, 'leaderboard', 'media-test');
    const sizes = async (u: typeof small) =>
      Object.fromEntries(await Promise.all(Object.entries(u.variants).map(async ([v, url]) => [v, await sharp((await serve(url)).bytes).metadata().then((m) => [m.format, m.width, m.height])])));
    expect(await sizes(small)).toEqual({ card: ['webp', 600, 375], story: ['webp', 800, 500], share: ['jpeg', 1200, 630] });
    expect([small.width, small.height]).toEqual([800, 500]);
    expect(small.variants.card).toMatch(new RegExp(`^/media/uploads/${small.id}-card\\.webp$`));
    expect(small.variants.share).toBe(`/media/uploads/${small.id}-share.jpg`);

    const large = await processImageUpload({ name: 'large.jpeg', bytes: await phonePhoto(2400, 1200) }, 'editor', 'media-test');
    expect(await sizes(large)).toEqual({ card: ['webp', 600, 300], story: ['webp', 1200, 600], share: ['jpeg', 1200, 630] });
    expect([large.width, large.height]).toEqual([1200, 600]);
  });

  it("turns the picture the way its EXIF orientation says (a portrait photo stays portrait)", async () => {
    // stored 800x500 landscape, but the camera was held upright (orientation 6: turn 90 degrees)
    const upload = await processImageUpload({ name: 'upright.jpg', bytes: await phonePhoto(800, 500, 6) }, 'leaderboard', 'media-test');
    const story = await sharp((await serve(upload.variants.story)).bytes).metadata();
    expect([story.width, story.height, story.orientation]).toEqual([500, 800, undefined]);
    expect([upload.width, upload.height]).toEqual([500, 800]);
  });

  it('a profile picture is one 256 px square WebP', async () => {
    const upload = await processImageUpload({ name: 'me.jpg', bytes: await phonePhoto(900, 600) }, 'avatar', 'media-test');
    expect(Object.keys(upload.variants)).toEqual(['avatar']);
    expect(upload.variants.avatar).toBe(`/media/uploads/${upload.id}-avatar.webp`);
    const meta = await sharp((await serve(upload.variants.avatar)).bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 256, 256, undefined]);
  });

  it('accepts PNG, GIF and BMP too (BMP read by our own decoder), by content whatever the extension says', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } }).png().toBuffer();
    const gif = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#00ff00' } }).gif().toBuffer();
    const bmp = solidBmp(300, 200, [255, 0, 0]);
    for (const [name, bytes, colour] of [
      ['a.png', png, null],
      ['b.gif', gif, [0, 255, 0]],
      ['c.BMP', bmp, [255, 0, 0]],
      // a real PNG named .jpg is still a supported picture
      ['d.jpg', png, null],
    ] as const) {
      const upload = await processImageUpload({ name, bytes }, 'leaderboard', 'media-test');
      const card = await sharp((await serve(upload.variants.card)).bytes).raw().toBuffer({ resolveWithObject: true });
      expect([name, card.info.width, card.info.height]).toEqual([name, 600, 400]);
      if (colour) expect([name, ...[0, 1, 2].map((c) => Math.abs(card.data[c] - colour[c]) < 8)]).toEqual([name, true, true, true]);
    }
  });

  it("refuses anything that is no jpg, jpeg, bmp, gif or png picture with 'Unsupported file format', and stores nothing", async () => {
    const before = stored();
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).png().toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><rect width="10" height="10"/></svg>');
    const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    for (const [label, file] of [
      ['SVG renamed .png', { name: 'photo.png', bytes: svg }],
      ['HTML renamed .png', { name: 'photo.png', bytes: html }],
      ['PNG bytes named .txt', { name: 'notes.txt', bytes: png }],
      ['PNG bytes named .svg', { name: 'photo.svg', bytes: png }],
      ['PNG bytes named .webp', { name: 'photo.webp', bytes: png }],
      ['a PNG signature over garbage', { name: 'broken.png', bytes: Buffer.concat([png.subarray(0, 16), Buffer.from('garbage'.repeat(20))]) }],
      ['an empty file', { name: 'empty.png', bytes: Buffer.alloc(0) }],
      ['"BM" that is no bitmap', { name: 'x.bmp', bytes: Buffer.from('BM not really a bitmap at all, just some text') }],
    ] as const) {
      expect([label, await refusal(file)]).toEqual([label, { status: 422, message: 'Unsupported file format', fields: { file: 'Unsupported file format' } }]);
    }
    expect(stored()).toEqual(before);
  });

  it("refuses more than 10 MB with 'File size exeeds 10MB' (word for word)", async () => {
    const photo = await phonePhoto(100, 100);
    const elevenMb = Buffer.concat([photo, Buffer.alloc(11 * 1024 * 1024)]);
    expect(await refusal({ name: 'big.jpg', bytes: elevenMb })).toEqual({ status: 422, message: 'File size exeeds 10MB', fields: { file: 'File size exeeds 10MB' } });
    const justOver = Buffer.concat([photo, Buffer.alloc(IMAGE_MAX_BYTES + 1 - photo.length)]);
    expect((await refusal({ name: 'big.jpg', bytes: justOver })).message).toBe('File size exeeds 10MB');
  });

  it('refuses a picture with more pixels than we decode before unpacking it (decompression bomb)', async () => {
    const before = stored();
    for (const [name, bytes] of [
      ['bomb.png', pngClaiming(10_000, 6_000)],
      ['bomb.png', pngClaiming(100_000, 100_000)],
      ['bomb.bmp', (() => {
        const header = solidBmp(1, 1, [0, 0, 0]);
        header.writeInt32LE(10_000, 18);
        header.writeInt32LE(6_000, 22);
        return header;
      })()],
    ] as const) {
      expect([name, (await refusal({ name, bytes })).message]).toEqual([name, 'Image dimensions are too large']);
    }
    expect(stored()).toEqual(before);
  });

  it('serves a stored size with its own type, nosniff and no script; anything else is 404', async () => {
    const upload = await processImageUpload({ name: 'p.jpg', bytes: await phonePhoto(700, 400) }, 'leaderboard', 'media-test');
    const card = await serve(upload.variants.card);
    expect(card.headers.get('content-type')).toBe('image/webp');
    expect(card.headers.get('x-content-type-options')).toBe('nosniff');
    expect(card.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(card.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await serve(upload.variants.share)).headers.get('content-type')).toBe('image/jpeg');
    for (const name of ['../../etc/passwd', '..%2F..%2Fpglite', 'x.png', `${upload.id}-card.svg`, `${upload.id}-card.webp.part`, `${'0'.repeat(32)}-card.webp`, `${upload.id}.webp`]) {
      const res = await uploadFile(new Request('http://localhost/media/uploads/x'), { params: Promise.resolve({ name }) });
      expect([name, res.status]).toEqual([name, 404]);
    }
  });

  it('deleting an upload removes every size of it, and nothing else', async () => {
    const keep = await processImageUpload({ name: 'keep.jpg', bytes: await phonePhoto(640, 480) }, 'leaderboard', 'media-test');
    const gone = await processImageUpload({ name: 'gone.jpg', bytes: await phonePhoto(640, 480) }, 'leaderboard', 'media-test');
    expect(stored().filter((f) => f.startsWith(gone.id))).toHaveLength(3);
    await deleteImageUpload(gone.id);
    for (const url of Object.values(gone.variants)) expect([url, (await serve(url)).status]).toEqual([url, 404]);
    expect(stored().filter((f) => f.startsWith(gone.id))).toEqual([]);
    for (const url of Object.values(keep.variants)) expect([url, (await serve(url)).status]).toEqual([url, 200]);
    // ids that are none of ours are ignored
    await expect(deleteImageUpload('../uploads')).resolves.toBeUndefined();
    expect(stored().filter((f) => f.startsWith(keep.id))).toHaveLength(3);
  });

  it('knows its own URLs: the upload id of a size, nothing for any other URL', () => {
    const id = 'ab'.repeat(16);
    expect(uploadIdOf(`/media/uploads/${id}-avatar.webp`, 'avatar')).toBe(id);
    expect(uploadIdOf(`/media/uploads/${id}-card.webp`)).toBe(id);
    expect(uploadIdOf(`/media/uploads/${id}-card.webp`, 'avatar')).toBeNull();
    for (const url of [null, '', 'https://lh3.googleusercontent.com/a/photo.jpg', `/media/avatars/${id}.png`, `/media/uploads/../${id}-avatar.webp`, `/media/uploads/${id}-avatar.svg`]) expect(uploadIdOf(url)).toBeNull();
  });
});
