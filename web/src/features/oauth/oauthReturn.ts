/**
 * A provider sends the browser back to `/?oauth_callback=1&code=…&state=…` (the site's redirect URI, see
 * docs/OAUTH.md): the hash route of the callback page takes them, and the query leaves the address bar.
 * Run by main.tsx before the app renders; kept apart from the sign-in buttons (./OauthButtons.tsx) so the
 * app's entry carries none of their components.
 */
export function routeOauthReturn(location: Location = window.location, history: History = window.history): void {
  const back = new URLSearchParams(location.search);
  if (!back.has('oauth_callback')) return;
  const params = new URLSearchParams();
  for (const key of ['code', 'state', 'error']) if (back.get(key)) params.set(key, back.get(key)!);
  history.replaceState(null, '', `${location.pathname}#/user/oauth/callback?${params.toString()}`);
}
