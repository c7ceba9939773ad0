// spec 5 accepts BMP, but the sharp build we ship has no BMP loader: uncompressed bitmaps (the kind Paint and phones
// save) are unpacked here into RGBA pixels that sharp then resizes and encodes like any other picture.

export interface BmpPixels {
  /** RGBA, top row first */
  data: Uint8Array;
  width: number;
  height: number;
}

interface BmpHeader {
  width: number;
  height: number;
  topDown: boolean;
  bitsPerPixel: number;
  compression: number;
  pixelOffset: number;
  paletteOffset: number;
  paletteEntryBytes: number;
  colours: number;
  masks: [number, number, number, number];
}

const BI_RGB = 0;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;
const OS2_HEADER_BYTES = 12;
const INFO_HEADER_BYTES = 40;
const FILE_HEADER_BYTES = 14;
const SUPPORTED_BITS = [1, 4, 8, 16, 24, 32];
// the layout Windows assumes for 16 and 32 bit pixels without their own masks (5-5-5 and 8-8-8, alpha unused)
const DEFAULT_MASKS: Record<number, [number, number, number, number]> = { 16: [0x7c00, 0x03e0, 0x001f, 0], 32: [0xff0000, 0xff00, 0xff, 0] };

function headerOf(bytes: Uint8Array): BmpHeader | null {
  if (bytes.length < FILE_HEADER_BYTES + OS2_HEADER_BYTES || bytes[0] !== 0x42 || bytes[1] !== 0x4d) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const dib = view.getUint32(14, true);
  const pixelOffset = view.getUint32(10, true);
  if (dib === OS2_HEADER_BYTES) {
    const height = view.getInt16(20, true);
    const bitsPerPixel = view.getUint16(24, true);
    return { width: view.getUint16(18, true), height: Math.abs(height), topDown: height < 0, bitsPerPixel, compression: BI_RGB, pixelOffset, paletteOffset: FILE_HEADER_BYTES + dib, paletteEntryBytes: 3, colours: 2 ** Math.min(bitsPerPixel, 8), masks: [0, 0, 0, 0] };
  }
  if (dib < INFO_HEADER_BYTES || bytes.length < FILE_HEADER_BYTES + INFO_HEADER_BYTES) return null;
  const height = view.getInt32(22, true);
  const bitsPerPixel = view.getUint16(28, true);
  const compression = view.getUint32(30, true);
  const withMasks = compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS;
  // the masks follow a 40-byte header, or sit inside the longer ones: at byte 54 either way
  if (withMasks && bytes.length < 70) return null;
  const masks: [number, number, number, number] = withMasks
    ? [view.getUint32(54, true), view.getUint32(58, true), view.getUint32(62, true), dib > INFO_HEADER_BYTES + 12 || compression === BI_ALPHABITFIELDS ? view.getUint32(66, true) : 0]
    : (DEFAULT_MASKS[bitsPerPixel] ?? [0, 0, 0, 0]);
  const paletteOffset = FILE_HEADER_BYTES + dib + (dib === INFO_HEADER_BYTES && withMasks ? (compression === BI_ALPHABITFIELDS ? 16 : 12) : 0);
  return { width: view.getInt32(18, true), height: Math.abs(height), topDown: height < 0, bitsPerPixel, compression, pixelOffset, paletteOffset, paletteEntryBytes: 4, colours: view.getUint32(46, true) || 2 ** Math.min(bitsPerPixel, 8), masks };
}

/** Width and height from the header (read before any pixel is unpacked); null when this is no bitmap we can read. */
export function bmpSize(bytes: Uint8Array): { width: number; height: number } | null {
  const header = headerOf(bytes);
  return header && header.width > 0 && header.height > 0 ? { width: header.width, height: header.height } : null;
}

const channelOf = (mask: number) => {
  if (!mask) return null;
  let shift = 0;
  while (!((mask >>> shift) & 1)) shift++;
  const max = mask >>> shift;
  return (pixel: number) => Math.round((((pixel & mask) >>> shift) * 255) / max);
};

/** The pixels of an uncompressed (or bit-field) BMP; null for compressed (RLE, embedded JPEG/PNG), damaged or cut-short files. */
export function decodeBmp(bytes: Uint8Array): BmpPixels | null {
  const h = headerOf(bytes);
  if (!h || h.width <= 0 || h.height <= 0 || !SUPPORTED_BITS.includes(h.bitsPerPixel)) return null;
  const paletted = h.bitsPerPixel <= 8;
  if (paletted ? h.compression !== BI_RGB : ![BI_RGB, BI_BITFIELDS, BI_ALPHABITFIELDS].includes(h.compression)) return null;
  const stride = Math.floor((h.bitsPerPixel * h.width + 31) / 32) * 4;
  if (h.pixelOffset + stride * h.height > bytes.length) return null;
  // a palette never runs into the pixels, whatever the header's count says
  const colours = Math.min(h.colours, Math.floor((Math.min(h.pixelOffset, bytes.length) - h.paletteOffset) / h.paletteEntryBytes));
  if (paletted && colours <= 0) return null;
  const [red, green, blue, alpha] = h.masks.map(channelOf);
  const out = new Uint8Array(h.width * h.height * 4);
  for (let y = 0; y < h.height; y++) {
    const row = h.pixelOffset + (h.topDown ? y : h.height - 1 - y) * stride;
    for (let x = 0; x < h.width; x++) {
      const o = (y * h.width + x) * 4;
      out[o + 3] = 255;
      if (paletted) {
        const bit = x * h.bitsPerPixel;
        const index = (bytes[row + (bit >> 3)] >> (8 - h.bitsPerPixel - (bit & 7))) & ((1 << h.bitsPerPixel) - 1);
        if (index >= colours) continue; // an index past the palette stays black
        const p = h.paletteOffset + index * h.paletteEntryBytes;
        out[o] = bytes[p + 2];
        out[o + 1] = bytes[p + 1];
        out[o + 2] = bytes[p];
      } else if (h.bitsPerPixel === 24) {
        const p = row + x * 3;
        out[o] = bytes[p + 2];
        out[o + 1] = bytes[p + 1];
        out[o + 2] = bytes[p];
      } else {
        const p = row + x * (h.bitsPerPixel / 8);
        const pixel = h.bitsPerPixel === 16 ? bytes[p] | (bytes[p + 1] << 8) : (bytes[p] | (bytes[p + 1] << 8) | (bytes[p + 2] << 16) | (bytes[p + 3] << 24)) >>> 0;
        out[o] = red ? red(pixel) : 0;
        out[o + 1] = green ? green(pixel) : 0;
        out[o + 2] = blue ? blue(pixel) : 0;
        if (alpha) out[o + 3] = alpha(pixel);
      }
    }
  }
  // many writers fill an alpha mask with zeros everywhere: that means opaque, not invisible
  if (alpha && out.every((v, i) => i % 4 !== 3 || v === 0)) for (let i = 3; i < out.length; i += 4) out[i] = 255;
  return { data: out, width: h.width, height: h.height };
}
