/**
 * The checks of an upload live in contract/upload.ts (the browser runs the same before sending); here what
 * only the server does with a received file's name.
 */
export { checkUpload, DEFAULT_TOPIC, IMAGE_SUFFIXES, isImage, suffixOf, TOPIC_PATTERN, typeAllowed } from '../../../../contract/upload';
export type { UploadFileFacts, UploadRefusal } from '../../../../contract/upload';

/**
 * The original name as stored: control characters and path parts dropped, at most 100 characters (the
 * column), never empty.
 */
export function cleanOriginalName(name: string): string {
  const base = name.replace(/[\u0000-\u001f\u007f]/g, '').split(/[\\/]/).pop() ?? '';
  const trimmed = [...base.trim()].slice(0, 100).join('');
  return trimmed || 'file';
}

/**
 * Multipart file names arrive as latin1 (busboy's default) although browsers send UTF-8 bytes: decoded
 * again when that gives valid UTF-8, so "报表.xlsx" stays "报表.xlsx".
 */
export function utf8FileName(name: string): string {
  if (![...name].every((c) => c.charCodeAt(0) < 256) || !/[\u0080-\u00ff]/.test(name)) return name;
  const decoded = Buffer.from(name, 'latin1').toString('utf8');
  return decoded.includes('\uFFFD') ? name : decoded;
}
