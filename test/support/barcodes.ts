import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { BinaryBitmap, Code128Reader, DecodeHintType, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';

export type Symbology = 'code128' | 'qrcode';

const run = promisify(execFile);

export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Decodes the one barcode of the given symbology in an image (or in a region of it) with ZXing, after
 * putting it on white with a margin: what a scanner reads, not what the code meant to draw.
 */
export async function decodeBarcode(image: Buffer, symbology: Symbology, region?: Region): Promise<string> {
  let pipeline = sharp(image).flatten({ background: '#ffffff' });
  if (region) pipeline = sharp(await pipeline.extract(region).png().toBuffer());
  const { data, info } = await pipeline.extend({ top: 24, bottom: 24, left: 24, right: 24, background: '#ffffff' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  const source = new RGBLuminanceSource(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  const reader = symbology === 'code128' ? new Code128Reader() : new QRCodeReader();
  const hints = new Map<DecodeHintType, unknown>([[DecodeHintType.TRY_HARDER, true]]);
  return reader.decode(new BinaryBitmap(new HybridBinarizer(source)), hints).getText();
}

/** A symbol zbar found on an image: its type as zbar names it (`CODE-128`, `QR-Code`, …) and its data. */
export interface FoundSymbol {
  type: string;
  value: string;
}

/**
 * Every symbol zbar (`zbarimg`, Debian's zbar-tools) finds anywhere on an image: it decodes only symbols whose
 * quiet zones are clear.
 */
export async function zbarSymbols(png: Buffer): Promise<FoundSymbol[]> {
  return (await zbarSymbolsOf([png]))[0];
}

/** The symbols on each of several images, in one run of zbarimg. */
export async function zbarSymbolsOf(pngs: Buffer[]): Promise<FoundSymbol[][]> {
  const dir = mkdtempSync(join(tmpdir(), 'wms-zbar-'));
  try {
    const files = pngs.map((png, i) => {
      const file = join(dir, `image-${i}.png`);
      writeFileSync(file, png);
      return file;
    });
    const { stdout } = await run('zbarimg', ['--quiet', '--nodbus', '--xml', ...files], { maxBuffer: 64 * 1024 * 1024 }).catch((error: { code?: number; stdout?: string }) => {
      // exit 4: no symbol found on some image
      if (error.code === 4) return { stdout: error.stdout ?? '' };
      throw error;
    });
    const found = new Map<string, FoundSymbol[]>();
    for (const source of stdout.matchAll(/<source href='([^']+)'>([\s\S]*?)<\/source>/g)) {
      found.set(source[1], [...source[2].matchAll(/<symbol type='([^']+)'[^>]*><data><!\[CDATA\[([\s\S]*?)\]\]><\/data>/g)].map((m) => ({ type: m[1], value: m[2] })));
    }
    return files.map((file) => found.get(file) ?? []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A PDF's pages rasterised by poppler (`pdftoppm`, Debian's poppler-utils) at `dpi`, as a printer would: hard
 * edges, or anti-aliased as a screen or a driver that smooths shows them.
 */
export async function rasterisePdf(pdf: Buffer, dpi: number, antialias = false): Promise<Buffer[]> {
  const dir = mkdtempSync(join(tmpdir(), 'wms-pdftoppm-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    const aa = antialias ? 'yes' : 'no';
    await run('pdftoppm', ['-r', String(dpi), '-png', '-aa', aa, '-aaVector', aa, join(dir, 'in.pdf'), join(dir, 'page')]);
    return readdirSync(dir)
      .filter((name) => name.startsWith('page') && name.endsWith('.png'))
      .sort()
      .map((name) => readFileSync(join(dir, name)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
