import { isEnvelope } from '@/api/request';

/**
 * Idempotency keys of stock transitions (audit, ship, move, cancel). One key per order action until the
 * server has answered it: a retry after a timeout, a lost connection or a 503 — when the first attempt may
 * have been applied without its answer reaching us — sends the same key, and the server answers the order
 * as it is instead of posting twice. An answer (success or a refusal) ends the key.
 */
export class TransitionKeys {
  private readonly pending = new Map<string, string>();

  constructor(private readonly newKey: () => string = randomKey) {}

  keyFor(action: string, id: number): string {
    const slot = `${action}:${id}`;
    let key = this.pending.get(slot);
    if (!key) this.pending.set(slot, (key = this.newKey()));
    return key;
  }

  /** After the attempt: `answered` unless it failed without an answer from the application. */
  settle(action: string, id: number, answered: boolean): void {
    if (answered) this.pending.delete(`${action}:${id}`);
  }
}

/** 128 random bits as hex; getRandomValues (unlike randomUUID) also works on a plain-HTTP intranet address. */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The request layer rejects with the envelope when the application answered, with an HTTP/network error otherwise. */
export const wasAnswered = isEnvelope;
