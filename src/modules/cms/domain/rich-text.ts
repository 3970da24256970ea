import sanitizeHtml from 'sanitize-html';

/** Bodies are bounded before sanitising (characters of the HTML as sent). */
export const BODY_MAX = 200_000;

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

/**
 * The allow-list a content body keeps: text structure, links, images and tables, never a script, an event
 * handler, a style or a frame. Links and images only by http(s) or a path on this site; `javascript:`,
 * `data:` and protocol-relative addresses lose the attribute. Links that open a new tab get
 * `rel="noopener noreferrer"`.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...HEADINGS,
    'p', 'br', 'hr', 'blockquote', 'pre', 'code', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'sub', 'sup', 'mark',
    'ul', 'ol', 'li', 'a', 'img', 'figure', 'figcaption',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'span', 'div',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { a: ['http', 'https', 'mailto'] },
  allowProtocolRelative: false,
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  disallowedTagsMode: 'discard',
  // the text inside <script>, <style> and friends goes with the tag
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'object', 'embed', 'template'],
  transformTags: {
    a: (tagName, attribs) => {
      const target = ['_blank', '_self', '_top', '_parent'].includes(attribs.target ?? '') ? attribs.target : undefined;
      const next: Record<string, string> = { ...attribs };
      if (target) next.target = target;
      else delete next.target;
      if (target === '_blank') next.rel = 'noopener noreferrer';
      else delete next.rel;
      return { tagName, attribs: next };
    },
  },
};

/** A rich-text body as it may be stored and shown: only what the allow-list keeps. */
export function sanitizeBody(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The body's text alone (search excerpts, descriptions): every tag removed, entities decoded by the parser. */
export function bodyText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: OPTIONS.nonTextTags })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * An address content may link to or show: http(s), or a path on this site (`/storage/…`). Never
 * `javascript:`, `data:` or a protocol-relative `//host`.
 */
export function isSafeAddress(value: string): boolean {
  const text = value.trim();
  if (!text) return true;
  if (/^\/(?!\/)/.test(text)) return !/[\s<>"']/.test(text);
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !/[\s<>"']/.test(text);
  } catch {
    return false;
  }
}
