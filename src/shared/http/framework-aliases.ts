/**
 * Field names of the two generations of the framework the contract comes from. The contract (v1 naming)
 * writes `createtime`, `lastlogintime`, `refreshToken`; the framework's own v2 client reads `create_time`,
 * `last_login_time`, `refresh_token`. Answers carry both names with the same value, so that client works
 * against this server unchanged; inputs accept either (ours wins when both are sent).
 */
export const FRAMEWORK_ALIASES: Readonly<Record<string, string>> = {
  createtime: 'create_time',
  updatetime: 'update_time',
  lastlogintime: 'last_login_time',
  lastloginip: 'last_login_ip',
  jointime: 'join_time',
  joinip: 'join_ip',
  refreshToken: 'refresh_token',
};

/** The row with each contract field also under its framework v2 name (a present v2 name is kept). */
export function withFrameworkAliases<T extends object>(row: T): T {
  const out = { ...row } as Record<string, unknown>;
  for (const [ours, theirs] of Object.entries(FRAMEWORK_ALIASES)) {
    if (ours in out && !(theirs in out)) out[theirs] = out[ours];
  }
  return out as T;
}

/** The body with each framework v2 name also under the contract's name, when that one was not sent. */
export function fromFrameworkAliases<T>(body: T): T {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const [ours, theirs] of Object.entries(FRAMEWORK_ALIASES)) {
    if (theirs in out && out[ours] === undefined) out[ours] = out[theirs];
  }
  return out as T;
}
