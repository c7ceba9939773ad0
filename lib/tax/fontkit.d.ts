// fontkit 2 ships no types: what the 80G receipt's fonts use of it (lib/tax/pdf-fonts.ts)
declare module 'fontkit' {
  interface PathCommand {
    command: 'moveTo' | 'lineTo' | 'quadraticCurveTo' | 'bezierCurveTo' | 'closePath';
    args: number[];
  }
  interface Glyph {
    path: { commands: PathCommand[] };
    advanceWidth: number;
    _getMetrics(): { leftBearing: number };
  }
  interface Subset {
    font: Font;
    glyf: Uint8Array[];
    loca: { offsets: number[] };
    hmtx: { metrics: { advance: number; bearing: number }[] };
    offset: number;
    _addGlyph(gid: number): number;
  }
  interface Font {
    layout(text: string): unknown;
    hasGlyphForCodePoint(codePoint: number): boolean;
    getGlyph(gid: number): Glyph;
    createSubset(): Subset;
  }
  export function create(buffer: Uint8Array): Font;
}
