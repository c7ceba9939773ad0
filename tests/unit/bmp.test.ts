// spec 5 accepts BMP; the sharp build has no BMP reader, so lib/media/bmp.ts unpacks the common kinds itself.
import { bmpSize, decodeBmp } from '@/lib/media/bmp';

interface BmpSpec {
  width: number;
  height: number;
  bitsPerPixel: number;
  /** one entry per row, top row first, without the row padding */
  rows: number[][];
  palette?: [number, number, number][];
  compression?: number;
  masks?: number[];
  dib?: number;
  topDown?: boolean;
}

/** A bitmap file as Paint writes one (rows bottom-up unless topDown, each padded to 4 bytes). */
function bmp(spec: BmpSpec): Uint8Array {
  const dib = spec.dib ?? 40;
  const stride = Math.floor((spec.bitsPerPixel * spec.width + 31) / 32) * 4;
  const masks = spec.masks && dib === 40 ? spec.masks.length * 4 : 0;
  const paletteBytes = (spec.palette?.length ?? 0) * (dib === 12 ? 3 : 4);
  const pixelOffset = 14 + dib + masks + paletteBytes;
  const out = new Uint8Array(pixelOffset + stride * spec.height);
  const view = new DataView(out.buffer);
  out.set([0x42, 0x4d]);
  view.setUint32(2, out.length, true);
  view.setUint32(10, pixelOffset, true);
  view.setUint32(14, dib, true);
  if (dib === 12) {
    view.setUint16(18, spec.width, true);
    view.setInt16(20, spec.topDown ? -spec.height : spec.height, true);
    view.setUint16(22, 1, true);
    view.setUint16(24, spec.bitsPerPixel, true);
  } else {
    view.setInt32(18, spec.width, true);
    view.setInt32(22, spec.topDown ? -spec.height : spec.height, true);
    view.setUint16(26, 1, true);
    view.setUint16(28, spec.bitsPerPixel, true);
    view.setUint32(30, spec.compression ?? 0, true);
    view.setUint32(46, spec.palette?.length ?? 0, true);
    spec.masks?.forEach((m, i) => view.setUint32(54 + i * 4, m, true));
  }
  spec.palette?.forEach(([r, g, b], i) => out.set([b, g, r], 14 + dib + masks + i * (dib === 12 ? 3 : 4)));
  spec.rows.forEach((row, y) => out.set(row, pixelOffset + (spec.topDown ? y : spec.height - 1 - y) * stride));
  return out;
}

const pixel = (p: { data: Uint8Array; width: number }, x: number, y: number) => [...p.data.subarray((y * p.width + x) * 4, (y * p.width + x) * 4 + 4)];

describe('BMP decoding', () => {
  it('24-bit, stored bottom-up: the top row comes first, each pixel as RGBA', () => {
    // row bytes are blue, green, red; a 3-pixel row is 9 bytes padded to 12
    const file = bmp({ width: 3, height: 2, bitsPerPixel: 24, rows: [[0, 0, 255, 0, 255, 0, 255, 0, 0], [255, 255, 255, 0, 0, 0, 10, 20, 30]] });
    expect(bmpSize(file)).toEqual({ width: 3, height: 2 });
    const p = decodeBmp(file)!;
    expect([p.width, p.height]).toEqual([3, 2]);
    expect([pixel(p, 0, 0), pixel(p, 1, 0), pixel(p, 2, 0)]).toEqual([[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255]]);
    expect([pixel(p, 0, 1), pixel(p, 1, 1), pixel(p, 2, 1)]).toEqual([[255, 255, 255, 255], [0, 0, 0, 255], [30, 20, 10, 255]]);
  });

  it('top-down files (negative height) keep their row order', () => {
    const p = decodeBmp(bmp({ width: 1, height: 2, bitsPerPixel: 24, topDown: true, rows: [[0, 0, 255], [255, 0, 0]] }))!;
    expect([pixel(p, 0, 0), pixel(p, 0, 1)]).toEqual([[255, 0, 0, 255], [0, 0, 255, 255]]);
  });

  it('8, 4 and 1 bit pictures read their colours from the palette', () => {
    const palette: [number, number, number][] = [[0, 0, 0], [200, 100, 50], [1, 2, 3]];
    const eight = decodeBmp(bmp({ width: 2, height: 1, bitsPerPixel: 8, palette, rows: [[1, 2]] }))!;
    expect([pixel(eight, 0, 0), pixel(eight, 1, 0)]).toEqual([[200, 100, 50, 255], [1, 2, 3, 255]]);
    const four = decodeBmp(bmp({ width: 3, height: 1, bitsPerPixel: 4, palette, rows: [[0x12, 0x00]] }))!;
    expect([pixel(four, 0, 0), pixel(four, 1, 0), pixel(four, 2, 0)]).toEqual([[200, 100, 50, 255], [1, 2, 3, 255], [0, 0, 0, 255]]);
    // a header that says "all 256 colours" over a shorter palette: the colours that are there still count
    const short = bmp({ width: 1, height: 1, bitsPerPixel: 8, palette, rows: [[1]] });
    new DataView(short.buffer).setUint32(46, 0, true);
    expect(pixel(decodeBmp(short)!, 0, 0)).toEqual([200, 100, 50, 255]);
    const one = decodeBmp(bmp({ width: 9, height: 1, bitsPerPixel: 1, palette: palette.slice(0, 2), rows: [[0b10000001, 0b10000000]] }))!;
    expect([0, 1, 7, 8].map((x) => pixel(one, x, 0)[0])).toEqual([200, 0, 200, 200]);
  });

  it('16 and 32 bit pictures: default 5-5-5 and 8-8-8, or the bit fields the file names (alpha included)', () => {
    // 0x7fff = white in 5-5-5; 0x001f = blue
    const sixteen = decodeBmp(bmp({ width: 2, height: 1, bitsPerPixel: 16, rows: [[0xff, 0x7f, 0x1f, 0x00]] }))!;
    expect([pixel(sixteen, 0, 0), pixel(sixteen, 1, 0)]).toEqual([[255, 255, 255, 255], [0, 0, 255, 255]]);
    // 5-6-5 bit fields: 0xf800 = red
    const rgb565 = decodeBmp(bmp({ width: 1, height: 1, bitsPerPixel: 16, compression: 3, masks: [0xf800, 0x07e0, 0x001f], rows: [[0x00, 0xf8]] }))!;
    expect(pixel(rgb565, 0, 0)).toEqual([255, 0, 0, 255]);
    const bgrx = decodeBmp(bmp({ width: 1, height: 1, bitsPerPixel: 32, rows: [[10, 20, 30, 0]] }))!;
    expect(pixel(bgrx, 0, 0)).toEqual([30, 20, 10, 255]);
    // a V4 header (108 bytes) with an alpha mask
    const argb = decodeBmp(bmp({ width: 2, height: 1, bitsPerPixel: 32, compression: 3, dib: 108, masks: [0xff0000, 0xff00, 0xff, 0xff000000], rows: [[10, 20, 30, 128, 0, 0, 0, 255]] }))!;
    expect([pixel(argb, 0, 0), pixel(argb, 1, 0)]).toEqual([[30, 20, 10, 128], [0, 0, 0, 255]]);
  });

  it('an alpha mask whose every pixel is 0 means opaque, not invisible', () => {
    const p = decodeBmp(bmp({ width: 1, height: 1, bitsPerPixel: 32, compression: 3, dib: 108, masks: [0xff0000, 0xff00, 0xff, 0xff000000], rows: [[10, 20, 30, 0]] }))!;
    expect(pixel(p, 0, 0)).toEqual([30, 20, 10, 255]);
  });

  it('reads the old OS/2 header too', () => {
    const p = decodeBmp(bmp({ width: 1, height: 1, bitsPerPixel: 24, dib: 12, rows: [[1, 2, 3]] }))!;
    expect(pixel(p, 0, 0)).toEqual([3, 2, 1, 255]);
  });

  it('refuses what it cannot read: compressed (RLE, embedded JPEG), cut short, empty, or no bitmap at all', () => {
    const good = bmp({ width: 4, height: 4, bitsPerPixel: 24, rows: Array.from({ length: 4 }, () => Array(12).fill(9)) });
    expect(decodeBmp(good)).not.toBeNull();
    expect(decodeBmp(good.subarray(0, good.length - 1))).toBeNull();
    const rle = bmp({ width: 2, height: 1, bitsPerPixel: 8, compression: 1, palette: [[0, 0, 0]], rows: [[0, 0]] });
    expect(decodeBmp(rle)).toBeNull();
    const jpegInside = bmp({ width: 1, height: 1, bitsPerPixel: 24, compression: 4, rows: [[0, 0, 0]] });
    expect(decodeBmp(jpegInside)).toBeNull();
    expect(decodeBmp(bmp({ width: 0, height: 0, bitsPerPixel: 24, rows: [] }))).toBeNull();
    expect(bmpSize(bmp({ width: 0, height: 0, bitsPerPixel: 24, rows: [] }))).toBeNull();
    expect(decodeBmp(new TextEncoder().encode('BM not really a bitmap at all'))).toBeNull();
  });

  it('tells the size from the header alone, so a huge picture is refused before anything is unpacked', () => {
    const header = bmp({ width: 1, height: 1, bitsPerPixel: 24, rows: [[0, 0, 0]] });
    new DataView(header.buffer).setInt32(18, 100_000, true);
    new DataView(header.buffer).setInt32(22, -100_000, true);
    expect(bmpSize(header)).toEqual({ width: 100_000, height: 100_000 });
    expect(decodeBmp(header)).toBeNull();
  });
});
