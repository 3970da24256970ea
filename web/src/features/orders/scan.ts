/**
 * Scanning into an order form: each scanned code is resolved by the server (`wms.Scan/resolve`) and applied to
 * the lines in the order it was scanned, however fast a scanner sends them — a product adds a line or one
 * more on its line, a shelf becomes the place of the products scanned next. A keyboard-wedge scanner types
 * its code as a fast burst of keys ending in Enter; `WedgeBuffer` tells such a burst from a person typing.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { ProductPick, ScanAnswer } from '@contract/master-data';
import { resolveCode } from '@/api/masterData';
import type { ScanOutcome, ScannedLot, ScannedShelf, ScannedUnit } from './formStore';

/** The permission node of resolving codes (a button rule of the warehouse-operations menu). */
export const SCAN_NODE = 'wms/scan/resolve';

/** What the last scan did, for the line under the scan field: a language key and its arguments, or the server's refusal. */
export interface ScanFeedback {
  ok: boolean;
  key?: string;
  args?: Record<string, string | number>;
  text?: string;
}

export type Resolver = (code: string, warehouseId: number | null) => Promise<ScanAnswer>;

/**
 * What scanning changes: an order form here; a count sheet would be another (one more counted per scan).
 * The scan field and the camera work on any of them.
 */
export interface ScanTarget {
  /** The shelf scanned last, if any: the place of the products scanned next. */
  readonly scanShelf: ScannedShelf | null;
  /** The warehouse a shelf code is looked up in (a code may name shelves in several warehouses). */
  readonly scanWarehouseId: number | null;
  /** A scanned product, with the lot and dates its GS1 code carried (if any). */
  addScanned(product: ProductPick, lot?: ScannedLot, unit?: ScannedUnit): ScanOutcome;
  setScanShelf(shelf: ScannedShelf | null): void;
  /** Tab in the scan field: the keyboard goes to the current line's quantity; false leaves Tab to the browser. */
  keyboardToCurrentLine?(): boolean;
  /** Language keys of the feedback after a product scan (default: the order form's). */
  readonly scanMessages?: { added: string; more: string; hint?: string };
}

export class ScanStore {
  /** Scans sent and not yet applied. */
  pending = 0;
  feedback: ScanFeedback | null = null;
  /** Counts the scans applied (the feedback line re-announces the same text). */
  applied = 0;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly form: ScanTarget,
    private readonly resolve: Resolver = resolveCode,
  ) {
    makeAutoObservable<this, 'queue' | 'form' | 'resolve'>(this, { queue: false, form: false, resolve: false });
  }

  /** The language key of the line under the field before the first scan. */
  get hintKey(): string {
    return this.form.scanMessages?.hint ?? 'orders.scan.hint';
  }

  /** Queues a scanned code; resolves when it (and every code before it) has been applied. */
  scan(raw: string): Promise<void> {
    const code = raw.replace(/[\r\n]+/g, '').trim();
    if (!code) return this.queue;
    this.pending++;
    this.queue = this.queue.then(() => this.apply(code)).finally(() => runInAction(() => this.pending--));
    return this.queue;
  }

  private async apply(code: string): Promise<void> {
    try {
      const answer = await this.resolve(code, this.form.scanWarehouseId);
      runInAction(() => {
        this.applied++;
        if (answer.kind === 'shelf') {
          const row = answer.row;
          this.form.setScanShelf({ id: Number(row.id), warehouse_id: Number(row.warehouse_id), location: String(row.location ?? row.name ?? '') });
          this.feedback = { ok: true, key: 'orders.scan.shelf', args: { location: String(row.location ?? row.name ?? '') } };
          return;
        }
        const lot = answer.lot_no || answer.production_date || answer.expiry_date ? { lot_no: answer.lot_no ?? '', production_date: answer.production_date ?? '', expiry_date: answer.expiry_date ?? '' } : undefined;
        const unit: ScannedUnit | undefined = answer.unit ? { unit: answer.unit, count: answer.unit_quantity ?? 1 } : undefined;
        const outcome = this.form.addScanned(answer.row, lot, unit);
        const keys = this.form.scanMessages ?? { added: 'orders.scan.added', more: 'orders.scan.more' };
        // a unit scanned: the quantity is said in it ("3 case")
        const quantity = unit && unit.unit.id > 0 ? `${outcome.quantity} ${unit.unit.name}` : outcome.quantity;
        this.feedback = { ok: true, key: outcome.message ?? (outcome.added ? keys.added : keys.more), args: { name: String(answer.row.name ?? code), quantity, line: outcome.index + 1 } };
      });
    } catch (e) {
      const msg = (e as { msg?: unknown })?.msg;
      runInAction(() => {
        this.applied++;
        this.feedback = typeof msg === 'string' && msg ? { ok: false, text: msg } : { ok: false, key: 'orders.scan.failed', args: { code } };
      });
    }
  }
}

/**
 * Collects the keys typed outside any field: a scanner types a code within a few milliseconds per key and ends
 * it with Enter; a person is slower. A gap longer than `maxGap` ms starts a new burst, so only a burst of at least
 * `minLength` characters ended by Enter counts as a scan.
 */
export class WedgeBuffer {
  private chars = '';
  private last = -Infinity;

  constructor(
    private readonly maxGap = 60,
    private readonly minLength = 3,
  ) {}

  /** Feeds one key (KeyboardEvent.key) at a time (ms); answers the code when Enter ends a burst. */
  key(key: string, time: number): string | null {
    const gap = time - this.last;
    this.last = time;
    if (gap > this.maxGap) this.chars = '';
    if (key === 'Enter') {
      const code = this.chars;
      this.chars = '';
      return code.length >= this.minLength ? code : null;
    }
    if (key.length === 1) this.chars += key;
    else if (key !== 'Shift') this.chars = '';
    return null;
  }
}

/** Where typed keys belong to a field (or a widget) rather than to the scanner capture. */
export function isTypingTarget(target: EventTarget | null): boolean {
  const element = target as { tagName?: string; isContentEditable?: boolean } | null;
  if (!element?.tagName) return false;
  return element.isContentEditable === true || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName);
}
