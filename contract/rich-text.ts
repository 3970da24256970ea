/**
 * When a rich-text body counts as empty: the editor leaves markup behind when its text is deleted
 * (`<p><br></p>`, `<p>&nbsp;</p>`, empty list items, spaces), so a required body is checked for text or an
 * image / media element rather than for an empty string. The web form (utils/validate.ts) and the server
 * (the member's contribution) apply the same check.
 */

/** An element that is content without any text: an image or media with an address, a frame, a drawing. */
const MEDIA = /<\s*(img|video|audio|source|iframe|embed|object|svg|canvas)\b[^>]*>/i;
/** Characters that show nothing: spaces, non-breaking and zero-width spaces, the ideographic space, a BOM. */
const INVISIBLE = /[\s\u00a0\u200b-\u200d\u2002-\u200a\u3000\ufeff]/g;
/** Entities of the same. */
const INVISIBLE_ENTITIES = /&(nbsp|ensp|emsp|thinsp|zwnj|zwj|#160|#x0*a0|#8203|#x0*200b|#12288|#x0*3000);/gi;

export function isEmptyMarkup(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  const html = String(value);
  if (MEDIA.test(html)) return false;
  const text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(INVISIBLE_ENTITIES, '')
    .replace(INVISIBLE, '');
  return text === '';
}
