import { open } from 'node:fs/promises';
import { onFirstUse } from '../../../shared/on-first-use';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded with the first image
const sharp = onFirstUse(() => require('sharp') as (typeof import('sharp'))['default']);

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * Decodes an image file completely (not just its header) and answers its size, or null when it is not a
 * valid image. BMP, which libvips does not read, is checked from its headers.
 */
export async function probeImage(path: string, suffix: string): Promise<ImageSize | null> {
  if (suffix === 'bmp' || (await startsWith(path, 'BM'))) {
    const bmp = await probeBmp(path);
    if (bmp || suffix === 'bmp') return bmp;
  }
  try {
    const image = sharp()(path, { failOn: 'error', animated: false, limitInputPixels: 268_402_689 });
    const meta = await image.metadata();
    // stats() decodes every pixel: a truncated or corrupt body fails here even when the header is fine.
    await image.stats();
    // EXIF orientations 5–8 turn the picture a quarter: width and height as shown are swapped.
    const turned = (meta.orientation ?? 1) >= 5;
    const width = turned ? meta.height : meta.width;
    const height = turned ? meta.width : meta.height;
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}

async function startsWith(path: string, magic: string): Promise<boolean> {
  const head = await readHead(path, magic.length);
  return head.toString('latin1') === magic;
}

async function readHead(path: string, length: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A Windows bitmap: "BM", a pixel offset inside the file, a known info-header size and sane dimensions. */
async function probeBmp(path: string): Promise<ImageSize | null> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(26);
    const { bytesRead } = await handle.read(head, 0, 26, 0);
    if (bytesRead < 26 || head.toString('latin1', 0, 2) !== 'BM') return null;
    const offset = head.readUInt32LE(10);
    const infoSize = head.readUInt32LE(14);
    if (offset >= size || offset < 14 + 12) return null;
    let width: number;
    let height: number;
    if (infoSize === 12) {
      width = head.readUInt16LE(18);
      height = head.readUInt16LE(20);
    } else if ([40, 52, 56, 64, 108, 124].includes(infoSize)) {
      width = head.readInt32LE(18);
      height = Math.abs(head.readInt32LE(22));
    } else {
      return null;
    }
    return width > 0 && height > 0 && width <= 65535 && height <= 65535 ? { width, height } : null;
  } finally {
    await handle.close();
  }
}
