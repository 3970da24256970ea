import { createHash } from 'node:crypto';

/**
 * The Content-Security-Policy of the web app's page. Scripts run only from the app's own files and the
 * page's own inline scripts (by hash); the page cannot be framed by another site; it frames only the
 * addresses of iframe menus; it talks to the app and, for cloud uploads, to the bucket.
 */
export interface PolicySources {
  /** `sha256-…` of each inline <script> of index.html. */
  inlineScriptHashes: string[];
  /** Addresses the browser sends requests to besides the app (the bucket of cloud uploads). */
  connect: string[];
  /** Addresses images load from besides the app (the bucket or the CDN in front of it). */
  images: string[];
  /** Addresses of iframe menus. */
  frames: string[];
}

/**
 * A CSP source for a URL: the origin of an http(s) address, the host of a scheme-relative one (`//host/x`,
 * the page's own scheme), nothing for a path on this site (covered by 'self') or anything else. Built
 * from URL's own parsing, so no quote, space or semicolon can reach the header.
 */
export function sourceOf(url: string): string | null {
  const text = url.trim();
  if (!text) return null;
  try {
    if (text.startsWith('//')) return new URL(`https:${text}`).host || null;
    const parsed = new URL(text);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

function sources(urls: string[]): string[] {
  return [...new Set(urls.map(sourceOf).filter((s): s is string => s !== null))].sort();
}

export function buildContentSecurityPolicy(input: PolicySources): string {
  const scripts = input.inlineScriptHashes.map((hash) => `'${hash}'`);
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...scripts]],
    // Arco and the charts set inline styles; styles cannot run code
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...sources(input.images)]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...sources(input.connect)]],
    ['frame-src', ["'self'", ...sources(input.frames)]],
    ['frame-ancestors', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** The hashes of the inline scripts of an HTML page (scripts with a `src` are the app's own files). */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes))
    .map(([, , body]) => `sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
}
