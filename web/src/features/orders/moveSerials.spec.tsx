/**
 * The relocation's move dialog with a serial-tracked line (jsdom): the line's quantity is the serials scanned
 * into its card (the order lines' SerialCapture, at most what is left), a duplicate is flagged and not added,
 * and the move sends the serials with the quantity; a line without serials is typed as before.
 */
import '@/test-support/dom-globals';
import { act } from 'react';
import { observable } from 'mobx';
import { mountEachTest } from '@/test-support/react-root';
import { setLocale } from '@/lang';
import { MoveDialog } from './MoveDialog';
import type { OrderPageStore } from './pageStore';

const view = mountEachTest();

function relocation() {
  const line = (id: number, tracked: boolean, plan: number, moved: number, serials?: string[]) => ({
    id,
    relocation_order_id: 5,
    product_id: id,
    source_warehouse_shelf_id: 1,
    target_warehouse_shelf_id: 2,
    lot_no: '',
    plan_quantity: plan,
    actual_quantity: moved,
    ...(serials ? { serials } : {}),
    product: { id, name: tracked ? 'Phone' : 'Cable', product_no: tracked ? 'PH' : 'CB', lot_tracked: 0, serial_tracked: tracked ? 1 : 0 },
    source_shelf: { id: 1, name: 'S1', location: 'Main / A / S1' },
    target_shelf: { id: 2, name: 'S2', location: 'Main / A / S2' },
  });
  return { id: 5, relocation_no: 'YK1', status: 1, lines: [line(1, true, 3, 1, ['OLD-1']), line(2, false, 4, 0)] };
}

function fakePage() {
  const moves: Array<{ id: number; lines: unknown[] }> = [];
  const page = observable({
    moveId: 5 as number | null,
    moving: relocation(),
    moveLoading: false,
    movedNow: null,
    moveLots: {},
    moveLotsLoading: false,
    isBusy: () => false,
    closeMove() {
      page.moveId = null;
    },
    async move(id: number, lines: unknown[]) {
      moves.push({ id, lines });
      return true;
    },
  });
  return { page: page as unknown as OrderPageStore, moves };
}

const modal = () => document.body.querySelector('[data-orders=move-dialog]') ?? document.body;
const card = () => modal().querySelector('[data-orders=move-serials-line]') as HTMLElement;
const scanInput = () => card().querySelector('[data-serials=capture] input') as HTMLInputElement;
const quantityOf = (row: number) => modal().querySelectorAll('[data-orders=move-quantity] input')[row] as HTMLInputElement;

async function scan(text: string) {
  const input = scanInput();
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => {
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', keyCode: 13, bubbles: true }));
  });
}

afterEach(() => {
  document.body.innerHTML = '';
});
afterAll(() => setLocale('zh-cn'));

describe('the move dialog of a serial-tracked line', () => {
  it('given 2 left to move, when SN-1, SN-1 again, SN-2 and SN-3 are scanned, then the duplicate and the third are flagged, the quantity is 2 and the move sends both serials', async () => {
    await setLocale('en');
    const { page, moves } = fakePage();
    await act(async () => view.root.render(<MoveDialog page={page} />));
    expect(card().textContent).toContain('Phone');
    expect(card().querySelector('[data-orders=move-serials-moved]')?.textContent).toBe('Moved so far: OLD-1');
    expect(quantityOf(0).readOnly).toBe(true);
    expect(quantityOf(1).readOnly).toBe(false);

    await scan('sn-1');
    await scan('SN-1');
    expect(card().querySelector('[data-serials=problem]')?.textContent).toBe('SN-1 is scanned already');
    await scan('SN-2');
    expect(card().querySelector('[data-serials=count]')?.textContent).toBe('2 of 2 scanned');
    await scan('SN-3');
    expect(card().querySelector('[data-serials=problem]')?.textContent).toBe('All 2 units are scanned');
    expect(quantityOf(0).value).toBe('2');

    // "fill in all remaining" fills the typed line only: the serial line keeps its scans
    await act(async () => (modal().querySelector('[data-orders=move-fill]') as HTMLElement).click());
    expect(quantityOf(1).value).toBe('4');
    expect(quantityOf(0).value).toBe('2');

    await act(async () => (modal().querySelector('[data-orders=move-submit]') as HTMLElement).click());
    expect(moves).toEqual([
      {
        id: 5,
        lines: [
          { id: 1, quantity: 2, serials: ['SN-1', 'SN-2'] },
          { id: 2, quantity: 4 },
        ],
      },
    ]);
  });

  it('moves nothing of a serial line until a serial is scanned, and removing a chip moves one fewer (in Chinese)', async () => {
    await setLocale('zh-cn');
    const { page, moves } = fakePage();
    await act(async () => view.root.render(<MoveDialog page={page} />));
    await act(async () => (modal().querySelector('[data-orders=move-submit]') as HTMLElement).click());
    expect(moves).toEqual([]);
    expect(modal().querySelector('.arco-alert')?.textContent).toContain('请至少为一行填写本次移库数量');
    await scan('A-1');
    await scan('A-2');
    await scan('a-1');
    expect(card().querySelector('[data-serials=problem]')?.textContent).toBe('A-1 已经扫过');
    await act(async () => (card().querySelector('[data-serial="A-1"] .arco-tag-close-btn') as HTMLElement).click());
    expect(quantityOf(0).value).toBe('1');
    await act(async () => (modal().querySelector('[data-orders=move-submit]') as HTMLElement).click());
    expect(moves).toEqual([{ id: 5, lines: [{ id: 1, quantity: 1, serials: ['A-2'] }] }]);
  });
});
