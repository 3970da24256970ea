/**
 * URLs a browser loads directly — a PDF in a new tab, a download link, an image — cannot carry headers: the
 * token, `server=1` and the language travel in the query string (the server accepts them there, and masks the
 * token in its log).
 */
export function directUrl(url: string, params: Record<string, unknown>, token: string, lang: string): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    query.append(key, String(value));
  }
  query.append('batoken', token);
  query.append('server', '1');
  query.append('lang', lang);
  return `${url}?${query.toString()}`;
}

/** Opens a document in a new tab (a PDF shows in the browser's viewer; its tab is titled by the document). */
export function openInNewTab(url: string): void {
  window.open(url, '_blank', 'noopener');
}
