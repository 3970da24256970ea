/**
 * The state of a count sheet: the count as the server answers it (lines in shelf-path order), the quantities
 * typed and not yet saved, which line is current, and the transitions (start, post, cancel). It is a scan
 * target: a scanned or typed product code makes that product's line current (on the scanned shelf, when one
 * was scanned) and counts one (an uncounted line starts at 1; a scan of the current line adds 1), or adds a
 * found item on the scanned shelf. Each Enter in a quantity saves that line (`count` is repeatable: the last
 * count of a line wins). With a scan field on the sheet the keyboard then returns to it (so the next code is
 * a scan, never typed into a quantity; Tab in the scan field goes to the current line's quantity); without
 * one it moves to the next line not counted yet.
 */
import { makeAutoObservable, observable, runInAction } from 'mobx';
import { STOCKTAKE_STATUS } from '@contract/enums';
import type { ProductPick } from '@contract/master-data';
import type { StocktakeLineView, StocktakeView } from '@contract/stocktake';
import { countStocktake, fetchStocktake, stocktakeTransition, type CountedLine } from '@/api/orders';
import { errorMessage } from '@/api/request';
import type { ScanOutcome, ScannedShelf, ScannedUnit } from '@/features/orders/formStore';
import { TransitionKeys, wasAnswered } from '@/features/orders/idempotency';
import type { ScanTarget } from '@/features/orders/scan';
import { t } from '@/lang';
import { fetchUnitsOf } from '@/api/masterData';
import type { ProductUnitRow } from '@contract/units';

export { STOCKTAKE_STATUS };

/** A line of the sheet as the server shows it. */
export type SheetLine = StocktakeLineView;

/** What a count may do in its state (before permissions). */
export function sheetActions(status: number): Array<'start' | 'count' | 'post' | 'cancel' | 'edit' | 'delete'> {
  if (status === STOCKTAKE_STATUS.draft) return ['start', 'cancel', 'edit', 'delete'];
  if (status === STOCKTAKE_STATUS.counting) return ['count', 'post', 'cancel'];
  if (status === STOCKTAKE_STATUS.cancelled) return ['delete'];
  return [];
}

/** A typed quantity: a whole number ≥ 0, or null when empty or not such a number. */
export function parseCount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,9}$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** The index of the line after `index` that is not counted yet, else the next one, else -1 (the last line). */
export function nextLineIndex(lines: ReadonlyArray<Pick<SheetLine, 'counted_quantity'>>, index: number): number {
  for (let i = index + 1; i < lines.length; i++) if (lines[i].counted_quantity === null) return i;
  return index + 1 < lines.length ? index + 1 : -1;
}

/** A line of a serial-tracked product (§14): it is counted by scanning its serials, the count is how many. */
export function isSerialLine(line: Pick<SheetLine, 'product'>): boolean {
  return Number(line.product?.serial_tracked) === 1;
}

/** Gains and losses as the review shows them, from lines that show a variance. */
export function reviewOf(lines: ReadonlyArray<SheetLine>): { gains: SheetLine[]; losses: SheetLine[] } {
  const shown = lines.filter((l) => typeof l.variance === 'number' && l.variance !== 0);
  return { gains: shown.filter((l) => (l.variance ?? 0) > 0), losses: shown.filter((l) => (l.variance ?? 0) < 0) };
}

export class CountSheetStore implements ScanTarget {
  id: number | null = null;
  row: StocktakeView | null = null;
  loading = false;
  saving = 0;
  error: string | null = null;
  /** line id → the text typed in its quantity field (until saved). */
  drafts = new Map<number, string>();
  /** line id → the count a scan sent and the server has not answered yet (the next scan adds to it). */
  scannedCounts = new Map<number, number>();
  /**
   * The serial-tracked line whose product was just scanned: the keyboard goes to its serial scanner (only
   * then: opening the sheet or an Enter leaves it in the scan field, so a shelf code is never taken for a serial).
   */
  serialsFocus: number | null = null;
  /** line id → the serials scanned on a serial-tracked line that the server has not answered yet. */
  serialDrafts = new Map<number, string[]>();
  /** The line whose quantity field has the keyboard (by id); the sheet focuses it. */
  focusId: number | null = null;
  /** Bumped when the keyboard should go to the current line (or the scan field, when the sheet has one) again. */
  focusSeq = 0;
  /** Bumped when the keyboard should go to a line's quantity even though the sheet has a scan field (Tab from it). */
  focusLineSeq = 0;
  focusLine: number | null = null;
  /** The sheet shows a scan field (set by the sheet as it renders): the keyboard returns to it after a scan or an Enter. */
  scanField = false;
  scanShelf: ScannedShelf | null = null;
  scannedKey: string | null = null;
  /** The variance review before posting is open. */
  reviewing = false;
  /** product id → its units of measure (a case, a pallet): a line counts one more of a unit with a tap. */
  units = new Map<number, ProductUnitRow[]>();
  private readonly keys = new TransitionKeys();
  private queue: Promise<void> = Promise.resolve();
  readonly scanMessages = { added: 'wms.stocktake.scanAdded', more: 'wms.stocktake.scanFound', hint: 'wms.stocktake.scanHint' };

  constructor() {
    // serialDrafts holds the arrays as sent (shallow), so an answer knows whether its draft is still the latest
    makeAutoObservable<this, 'keys' | 'queue'>(this, { keys: false, queue: false, scanMessages: false, scanField: false, serialDrafts: observable.shallow });
  }

  get open(): boolean {
    return this.id !== null;
  }

  get status(): number {
    return Number(this.row?.status ?? -1);
  }

  get lines(): SheetLine[] {
    return this.row?.lines ?? [];
  }

  get blind(): boolean {
    return Number(this.row?.blind) === 1 && this.status !== STOCKTAKE_STATUS.posted;
  }

  get counting(): boolean {
    return this.status === STOCKTAKE_STATUS.counting;
  }

  get progress(): { counted: number; lines: number; percent: number } {
    const lines = this.lines.length;
    const counted = this.lines.filter((l) => l.counted_quantity !== null).length;
    return { counted, lines, percent: lines ? Math.floor((counted / lines) * 100) : 0 };
  }

  async show(id: number): Promise<void> {
    this.id = id;
    this.row = null;
    this.drafts = new Map();
    this.scannedCounts = new Map();
    this.serialDrafts = new Map();
    this.scanShelf = null;
    this.reviewing = false;
    this.focusId = null;
    await this.reload();
    runInAction(() => {
      const first = this.lines.findIndex((l) => l.counted_quantity === null);
      if (this.counting && this.lines.length) this.focus(this.lines[first === -1 ? 0 : first].id);
    });
  }

  close(): void {
    this.id = null;
    this.row = null;
    this.reviewing = false;
  }

  async reload(): Promise<void> {
    if (this.id === null) return;
    this.loading = true;
    this.error = null;
    try {
      const row = await fetchStocktake(this.id);
      runInAction(() => {
        this.row = row;
        this.loading = false;
      });
      void this.loadUnits();
    } catch (e) {
      runInAction(() => {
        this.loading = false;
        this.error = errorMessage(e);
      });
    }
  }

  focus(id: number | null): void {
    this.serialsFocus = null;
    this.focusId = id;
    this.focusSeq++;
  }

  /** The user moved to a line (click, Tab): it becomes the current line. */
  markFocus(id: number): void {
    this.focusId = id;
  }

  typed(id: number): string {
    const serials = this.serialDrafts.get(id);
    if (serials !== undefined) return String(serials.length);
    const draft = this.drafts.get(id);
    if (draft !== undefined) return draft;
    const scanned = this.scannedCounts.get(id);
    if (scanned !== undefined) return String(scanned);
    const line = this.lines.find((l) => l.id === id);
    return line?.counted_quantity === null || line?.counted_quantity === undefined ? '' : String(line.counted_quantity);
  }

  setDraft(id: number, text: string): void {
    this.drafts.set(id, text);
  }

  /**
   * Enter in a line's quantity: the keyboard moves to the next line at once (a person or a scanner types on
   * without waiting) and the line is saved behind it, in the order typed.
   */
  enter(id: number): Promise<boolean> {
    const index = this.lines.findIndex((l) => l.id === id);
    const draft = this.drafts.get(id);
    const quantity = draft === undefined ? undefined : parseCount(draft);
    if (quantity === null) return Promise.resolve(false); // the field shows why; the keyboard stays
    if (this.scanField) {
      // back to the scan field, this line still current: a scan of its product adds 1
      this.focus(id);
    } else {
      const next = nextLineIndex(this.lines, index);
      this.focus(next === -1 ? null : this.lines[next].id);
    }
    if (quantity === undefined) return Promise.resolve(true);
    return this.save([{ id, counted_quantity: quantity }], new Map([[id, draft!]]));
  }

  /**
   * Posts counted quantities (lines by id, or found items), one request after another; each answer replaces
   * the count. A draft is dropped once saved, unless it was typed again meanwhile.
   */
  save(lines: CountedLine[], sent: Map<number, string> = new Map()): Promise<boolean> {
    if (this.id === null) return Promise.resolve(false);
    const id = this.id;
    this.saving++;
    const done = this.queue.then(async () => {
      try {
        const row = await countStocktake(id, lines);
        runInAction(() => {
          for (const [lineId, text] of sent) if (this.drafts.get(lineId) === text) this.drafts.delete(lineId);
          if (this.id === id) this.row = row;
        });
        return true;
      } catch {
        return false;
      } finally {
        runInAction(() => this.saving--);
      }
    });
    this.queue = done.then(() => undefined);
    return done;
  }

  /** start / post / cancel, with one Idempotency-Key per attempt until the server has answered. */
  async transition(action: 'start' | 'post' | 'cancel'): Promise<boolean> {
    if (this.id === null) return false;
    const id = this.id;
    const key = this.keys.keyFor(action, id);
    try {
      const row = await stocktakeTransition(action, id, key);
      this.keys.settle(action, id, true);
      runInAction(() => {
        this.row = row;
        this.reviewing = false;
      });
      return true;
    } catch (e) {
      this.keys.settle(action, id, wasAnswered(e));
      return false;
    }
  }

  /** The serials of a serial-tracked line: as scanned (not answered yet), else as the server counted them. */
  serialsOf(id: number): string[] {
    const scanned = this.serialDrafts.get(id);
    if (scanned) return scanned;
    return this.lines.find((l) => l.id === id)?.counted_serials ?? [];
  }

  /**
   * A serial scanned or removed on a serial-tracked line: the line counts the serials it now lists (saved at
   * once, `serials` with `counted_quantity` their number). A refusal puts back what the server holds.
   */
  setSerials(id: number, serials: string[]): Promise<boolean> {
    this.serialDrafts.set(id, serials);
    this.drafts.delete(id);
    this.focusId = id;
    return this.save([{ id, counted_quantity: serials.length, serials }]).then((ok) => {
      runInAction(() => {
        if (this.serialDrafts.get(id) === serials) this.serialDrafts.delete(id);
      });
      return ok;
    });
  }

  /** The units of the sheet's products not known yet, in one request. */
  private async loadUnits(): Promise<void> {
    const wanted = [...new Set(this.lines.map((l) => l.product_id))].filter((id) => !this.units.has(id)).slice(0, 1000);
    if (!wanted.length) return;
    const found = await fetchUnitsOf(wanted);
    runInAction(() => {
      for (const [id, units] of found) this.units.set(id, units);
    });
  }

  unitsOf(productId: number): ProductUnitRow[] {
    return this.units.get(productId) ?? [];
  }

  /** One more of a unit on a line (a tap on "+1 case", as a scan of the case's bar code): its factor added to the count, saved at once. */
  addUnit(lineId: number, unit: Pick<ProductUnitRow, 'factor'>): void {
    const typed = this.drafts.has(lineId) ? parseCount(this.drafts.get(lineId)!) : null;
    const line = this.lines.find((l) => l.id === lineId);
    if (!line) return;
    const quantity = (typed ?? this.scannedCounts.get(lineId) ?? line.counted_quantity ?? 0) + unit.factor;
    this.drafts.delete(lineId);
    this.scannedCounts.set(lineId, quantity);
    this.focus(lineId);
    void this.save([{ id: lineId, counted_quantity: quantity }]).then(() =>
      runInAction(() => {
        if (this.scannedCounts.get(lineId) === quantity) this.scannedCounts.delete(lineId);
      }),
    );
  }

  setReviewing(open: boolean): void {
    this.reviewing = open;
  }

  // ScanTarget: the scan field and the camera work on the sheet as on an order form

  get scanWarehouseId(): number | null {
    return this.scanShelf?.warehouse_id ?? (this.row ? Number(this.row.warehouse_id) : null);
  }

  setScanShelf(shelf: ScannedShelf | null): void {
    this.scanShelf = shelf;
    if (!shelf) return;
    const first = this.lines.find((l) => l.warehouse_shelf_id === shelf.id && l.counted_quantity === null) ?? this.lines.find((l) => l.warehouse_shelf_id === shelf.id);
    if (first) this.focus(first.id);
  }

  /**
   * A scanned product: its line becomes current (on the scanned shelf when one was scanned; the current line
   * if it is one of them, else the first line not counted yet before the counted ones) and counts one more:
   * a scan of the current line adds 1 to its count, an uncounted line starts at 1, a line counted before is
   * made current with its count kept (scan again to add). A product the sheet lacks on that shelf is a found
   * item: it is added with a count of 1.
   */
  addScanned(product: ProductPick, _lot?: unknown, counted?: ScannedUnit): ScanOutcome {
    const productId = Number(product.id);
    // a case's bar code counts a case (its factor in the product's own units), GS1 (02) + (37) that many
    const step = (counted?.count ?? 1) * (counted?.unit.factor ?? 1);
    const shelfId = this.scanShelf?.id ?? null;
    const candidates = this.lines.filter((l) => l.product_id === productId && (shelfId === null || l.warehouse_shelf_id === shelfId));
    const current = candidates.find((l) => l.id === this.focusId);
    const line = current ?? candidates.find((l) => l.counted_quantity === null) ?? candidates[0];
    if (line) {
      const index = this.lines.indexOf(line);
      this.focus(line.id);
      this.scannedKey = String(line.id);
      // a serial-tracked line counts the serials scanned, one per unit: the product's code only makes it current
      if (isSerialLine(line)) {
        this.serialsFocus = line.id;
        return { key: String(line.id), index, quantity: this.serialsOf(line.id).length, added: false, message: 'wms.stocktake.scanSerials' };
      }
      const typed = this.drafts.has(line.id) ? parseCount(this.drafts.get(line.id)!) : null;
      const before = typed ?? this.scannedCounts.get(line.id) ?? line.counted_quantity;
      if (current || before === null) {
        const quantity = (before ?? 0) + step;
        const id = line.id;
        this.drafts.delete(id);
        this.scannedCounts.set(id, quantity);
        void this.save([{ id, counted_quantity: quantity }]).then(() =>
          runInAction(() => {
            if (this.scannedCounts.get(id) === quantity) this.scannedCounts.delete(id);
          }),
        );
        return { key: String(line.id), index, quantity, added: false, message: 'wms.stocktake.scanCounted' };
      }
      return { key: String(line.id), index, quantity: before, added: false };
    }
    const place = shelfId ?? (this.row?.warehouse_shelf_id ? Number(this.row.warehouse_shelf_id) : null);
    // the scan field shows a refusal's `msg`
    if (!place) throw { msg: t('wms.stocktake.scanShelfFirst', { name: String(product.name ?? '') }) };
    // a serial-tracked found item starts at 0: its serials are scanned on the line it becomes
    const tracked = product.serial_tracked === true || Number(product.serial_tracked) === 1;
    const found = tracked ? { product_id: productId, warehouse_shelf_id: place, lot_no: '', counted_quantity: 0, serials: [] } : { product_id: productId, warehouse_shelf_id: place, lot_no: '', counted_quantity: step };
    void this.save([found]).then((ok) => {
      if (!ok) return;
      const added = this.lines.find((l) => l.product_id === productId && l.warehouse_shelf_id === place);
      if (added) runInAction(() => this.focus(added.id));
    });
    this.scannedKey = `${productId}@${place}`;
    return { key: this.scannedKey, index: this.lines.length, quantity: found.counted_quantity, added: true, ...(tracked ? { message: 'wms.stocktake.scanSerials' } : {}) };
  }

  /** Tab in the scan field: the keyboard goes to the current line's quantity (false: no line is current). */
  keyboardToCurrentLine(): boolean {
    if (this.focusId === null) return false;
    this.focusLine = this.focusId;
    this.focusLineSeq++;
    return true;
  }
}
