/**
 * The camera reader (loaded only when a phone user opens the camera: @zxing/browser is 100 kB and more).
 * Decodes continuously from the rear camera and reports each code once until a different one is seen or
 * `repeatAfter` ms have passed, so holding a label in front of the lens does not count it twice.
 */
import { BrowserMultiFormatReader, type IScannerControls } from '@zxing/browser';
import { BarcodeFormat, DecodeHintType } from '@zxing/library';

/** The symbologies on warehouse labels and retail goods. */
const FORMATS = [BarcodeFormat.CODE_128, BarcodeFormat.QR_CODE, BarcodeFormat.EAN_13, BarcodeFormat.EAN_8, BarcodeFormat.UPC_A, BarcodeFormat.UPC_E, BarcodeFormat.CODE_39, BarcodeFormat.ITF, BarcodeFormat.DATA_MATRIX];

export async function startCamera(video: HTMLVideoElement, onCode: (code: string) => void, repeatAfter = 1500): Promise<IScannerControls> {
  const reader = new BrowserMultiFormatReader(new Map<DecodeHintType, unknown>([[DecodeHintType.POSSIBLE_FORMATS, FORMATS]]), { delayBetweenScanAttempts: 120 });
  let last = '';
  let at = 0;
  return reader.decodeFromConstraints({ video: { facingMode: { ideal: 'environment' } }, audio: false }, video, (result) => {
    if (!result) return;
    const code = result.getText();
    const now = Date.now();
    if (code === last && now - at < repeatAfter) return;
    last = code;
    at = now;
    onCode(code);
  });
}
