import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/*
 * The one typeface of printed documents and labels: Noto Sans SC ("Noto Sans S Chinese", 30,888 glyphs:
 * Latin and the whole of simplified Chinese), shipped by the npm package @embedpdf/fonts-sc under the SIL
 * Open Font License 1.1. It comes with `npm install`, so a fresh machine prints Chinese without system fonts.
 * PDFs embed only the glyphs a document uses (pdfkit subsets the font), so a one-page order stays small.
 */
const FONT_DIR = join(dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts');

export const FONT_FILES = {
  regular: join(FONT_DIR, 'NotoSansHans-Regular.otf'),
  bold: join(FONT_DIR, 'NotoSansHans-Bold.otf'),
} as const;

/** The family name inside the files (what the PNG text renderer is asked for). */
export const FONT_FAMILY = 'Noto Sans S Chinese';

let loaded: { regular: Buffer; bold: Buffer } | undefined;

/** The two font files, read once (8 MB each) and kept: every document reads them. */
export function fontData(): { regular: Buffer; bold: Buffer } {
  loaded ??= { regular: readFileSync(FONT_FILES.regular), bold: readFileSync(FONT_FILES.bold) };
  return loaded;
}
