import sharp from 'sharp';
import { BinaryBitmap, Code128Reader, DecodeHintType, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';

export type Symbology = 'code128' | 'qrcode';

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
