const UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  k: 1024,
  kb: 1024,
  m: 1024 ** 2,
  mb: 1024 ** 2,
  g: 1024 ** 3,
  gb: 1024 ** 3,
};

/**
 * Parses a configured size such as `10mb`, `512KB`, `1.5m` or `2048` (bytes) into whole bytes.
 * Returns null for anything else.
 */
export function parseFileSize(text: string | null | undefined): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(String(text ?? ''));
  if (!match) return null;
  const factor = UNITS[match[2].toLowerCase()];
  if (factor === undefined) return null;
  const bytes = Math.floor(Number(match[1]) * factor);
  return Number.isSafeInteger(bytes) && bytes > 0 ? bytes : null;
}
