/**
 * The addresses link and iframe menus may open (admin and member rules): the server refuses any other when a
 * rule is saved, and the web app opens or frames nothing else, whatever is stored.
 */

/** `http(s)://host[:port][/path][?query][#fragment]`, no credentials, no spaces or controls. */
const WEB_ADDRESS = /^(https?):\/\/((?:\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?)(?:[/?#][^\s\u0000-\u001f\u007f]*)?$/i;

/** The scheme and host of an absolute http(s) address, or null for anything else (`javascript:`, `data:`, `vbscript:`, relative, credentials in it). */
export function webAddressParts(url: string): { scheme: 'http' | 'https'; host: string } | null {
  const match = WEB_ADDRESS.exec(url.trim());
  if (!match || url.trim() !== url) return null;
  const host = match[2].replace(/:\d+$/, '').replace(/^\[|\]$/g, '').toLowerCase();
  if (!host || host.startsWith('.') || host.endsWith('..')) return null;
  return { scheme: match[1].toLowerCase() as 'http' | 'https', host };
}

export function isWebAddress(url: string): boolean {
  return webAddressParts(url) !== null;
}

/**
 * The hosts of the iframe host list (site setting `iframe_hosts`): separated by commas, spaces or lines, in
 * lower case; `*.example.com` stands for the sub-domains of example.com. An address typed instead of a host
 * counts as its host.
 */
export function parseHostList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
    .map((entry) => webAddressParts(entry)?.host ?? entry.replace(/\/.*$/, ''));
}

export function hostListed(host: string, list: readonly string[]): boolean {
  const name = host.toLowerCase();
  return list.some((entry) => (entry.startsWith('*.') ? name.endsWith(entry.slice(1)) && name.length > entry.length - 1 : name === entry));
}

export type MenuUrlProblem = 'not_web' | 'iframe_https' | 'iframe_host';

/**
 * Why a rule's URL may not be saved, or null when it may. Link menus: any http(s) address. Iframe menus: with
 * an empty host list, any https address; with one, an http(s) address of a host on it. Other menu types keep
 * no address but an http(s) one (or none), so that changing the type later cannot bring in another kind.
 */
export function menuUrlProblem(menuType: string | null | undefined, url: string, iframeHosts: readonly string[]): MenuUrlProblem | null {
  if (!url) return null;
  const parts = webAddressParts(url);
  if (!parts) return 'not_web';
  if (menuType !== 'iframe') return null;
  if (!iframeHosts.length) return parts.scheme === 'https' ? null : 'iframe_https';
  return hostListed(parts.host, iframeHosts) ? null : 'iframe_host';
}
