/** Only http(s), mailto and paths on this site: what the server keeps anyway. */
export function isAllowedHref(value: string): boolean {
  const text = value.trim();
  return /^(https?:\/\/|mailto:)/i.test(text) || /^\/(?!\/)/.test(text);
}
