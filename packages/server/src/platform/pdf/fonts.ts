// The Unicode fonts embedded (as subsets) in every PDF, loaded from npm packages at run time:
// DejaVu Sans (Latin, Greek, Cyrillic, Arabic, Hebrew, symbols; Bitstream Vera licence) from `dejavu-fonts-ttf`,
// Noto Emoji (monochrome emoji, SIL OFL 1.1) from `@expo-google-fonts/noto-emoji`, and Noto Sans Hans (Chinese,
// Japanese kana; SIL OFL 1.1) from `@embedpdf/fonts-sc` for what DejaVu lacks.
// All three packages stay external in the esbuild bundle, so `require.resolve` finds them in node_modules from src and dist.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit, { type Font } from '@pdf-lib/fontkit';
import { alignGlyphs } from './glyphAlignment.js';

export type FontFace = 'main' | 'emoji' | 'cjk';
export type FontWeight = 'regular' | 'bold';

const require = createRequire(import.meta.url);

/** The CJK package exports only its index; its fonts lie in `fonts/` beside `dist/`. */
const cjkFile = (name: string) => path.join(path.dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts', name);

const files: Record<FontFace, Record<FontWeight, () => string>> = {
  main: { regular: () => require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'), bold: () => require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf') },
  emoji: {
    regular: () => require.resolve('@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf'),
    bold: () => require.resolve('@expo-google-fonts/noto-emoji/700Bold/NotoEmoji_700Bold.ttf'),
  },
  cjk: { regular: () => cjkFile('NotoSansHans-Regular.otf'), bold: () => cjkFile('NotoSansHans-Bold.otf') },
};

// Read each file once per process. Parsed fonts are shared only for coverage checks: fontkit caches every glyph with
// the code points it was first laid out for, and pdf-lib writes those into the ToUnicode map, so a font that laid out
// earlier documents would leak their characters into the text a reader copies from a later one.
const bytesCache = new Map<string, Promise<Uint8Array>>();
const coverage = new WeakMap<Uint8Array, Font>();

export function fontBytes(face: FontFace, weight: FontWeight): Promise<Uint8Array> {
  const key = `${face}/${weight}`;
  let bytes = bytesCache.get(key);
  if (!bytes) {
    bytes = readFile(files[face][weight]()).then(alignGlyphs);
    bytesCache.set(key, bytes);
    bytes.catch(() => bytesCache.delete(key));
  }
  return bytes;
}

/** A process-wide parsed font for `hasGlyphForCodePoint` only; never lay out text with it. */
export function coverageFont(bytes: Uint8Array): Font {
  let font = coverage.get(bytes);
  if (!font) {
    font = fontkit.create(bytes);
    coverage.set(bytes, font);
  }
  return font;
}
