import { normalizeSerial } from '@contract/serials';

/** What one scan does to a line's serials: added, or refused at once (a duplicate, not a serial, the line full). */
export type ScanOutcome = { kind: 'added'; serials: string[] } | { kind: 'duplicate'; serial: string } | { kind: 'invalid' } | { kind: 'full' };

/** One scan per unit: the serial trimmed and upper-cased (the server's rule), never twice, at most `quantity`. */
export function scanSerial(current: readonly string[], scanned: string, quantity: number): ScanOutcome {
  const serial = normalizeSerial(scanned);
  if (serial === null) return { kind: 'invalid' };
  if (current.includes(serial)) return { kind: 'duplicate', serial };
  if (quantity > 0 && current.length >= quantity) return { kind: 'full' };
  return { kind: 'added', serials: [...current, serial] };
}
