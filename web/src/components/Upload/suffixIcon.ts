/**
 * The URL of a file-type icon drawn by the server (`ajax/buildSuffixSvg`):
 * the suffix in capitals on a colour of its own. The public `/api` route draws the same icon as the admin
 * one, so no access token has to travel in an image URL; the browser caches it.
 */
export const SUFFIX_ICON_URL = '/api/ajax/buildSuffixSvg';

export function suffixIconUrl(suffix: string, background?: string): string {
  const params = new URLSearchParams({ suffix: suffix || 'file', server: '1' });
  if (background) params.set('background', background);
  return `${SUFFIX_ICON_URL}?${params.toString()}`;
}
