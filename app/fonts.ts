// Self-hosted Noto fonts (next/font/google would download at build time, which cannot work here).
// next/font needs literal paths, hence the repetition.
import localFont from 'next/font/local';

export const notoSans = localFont({
  src: [
    { path: '../node_modules/@fontsource-variable/noto-sans/files/noto-sans-latin-wght-normal.woff2', weight: '100 900', style: 'normal' },
  ],
  variable: '--font-latin',
  // Chromium holds the first paint for a preloaded font (RenderBlockingFonts), which delayed the story's LCP
  // (its H1) to ~2.2 s. Not preloaded and optional, the text paints at once in the fallback and never shifts (CLS 0);
  // the font, cached by then, is used from the next page on
  display: 'optional',
  preload: false,
  fallback: ['system-ui', 'Segoe UI', 'Roboto', 'Arial', 'sans-serif'],
});

export const notoDevanagari = localFont({
  src: '../node_modules/@fontsource-variable/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-wght-normal.woff2',
  variable: '--font-script',
  display: 'swap',
  preload: false,
});

export const notoTamil = localFont({
  src: '../node_modules/@fontsource-variable/noto-sans-tamil/files/noto-sans-tamil-tamil-wght-normal.woff2',
  variable: '--font-script',
  display: 'swap',
  preload: false,
});

export const notoTelugu = localFont({
  src: '../node_modules/@fontsource-variable/noto-sans-telugu/files/noto-sans-telugu-telugu-wght-normal.woff2',
  variable: '--font-script',
  display: 'swap',
  preload: false,
});

export const notoArabic = localFont({
  src: '../node_modules/@fontsource-variable/noto-sans-arabic/files/noto-sans-arabic-arabic-wght-normal.woff2',
  variable: '--font-script',
  display: 'swap',
  preload: false,
});

export const notoNastaliq = localFont({
  src: '../node_modules/@fontsource-variable/noto-nastaliq-urdu/files/noto-nastaliq-urdu-arabic-wght-normal.woff2',
  variable: '--font-script',
  display: 'swap',
  preload: false,
});

/** Only the script font of the page's locale is referenced, so only it is downloaded. */
export const SCRIPT_FONT: Record<string, { variable: string } | undefined> = {
  hi: notoDevanagari,
  ta: notoTamil,
  te: notoTelugu,
  ar: notoArabic,
  ur: notoNastaliq,
};
