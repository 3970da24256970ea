const known = new Map<string, string | null>();

/**
 * The runtime's name for a time zone (`Asia/Shanghai`), or null when it knows no such zone. Remembered per
 * name: building an Intl.DateTimeFormat to find out costs more than the rest of a small list request.
 */
export function canonicalTimeZone(name: string | null | undefined): string | null {
  if (!name) return null;
  let zone = known.get(name);
  if (zone === undefined) {
    try {
      zone = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    } catch {
      zone = null;
    }
    if (known.size < 1000) known.set(name, zone);
  }
  return zone;
}
