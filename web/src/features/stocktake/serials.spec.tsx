/**
 * The count sheet of a serial-tracked product (jsdom): the counter scans one serial per unit into the line's
 * serial capture (the one order lines use); a duplicate is flagged at once and not sent; the counted quantity
 * is the number of serials captured, each change saved with `serials`; removing a chip counts one fewer; a
 * scan of the product's own code makes the line current without counting; a refused count puts back what the
 * server holds.
 */
import '@/test-support/dom-globals';
import { act } from 'react';
import { observer } from 'mobx-react-lite';
import { mountEachTest } from '@/test-support/react-root';
import { setLocale } from '@/lang';

type Sent = { id: number; counted_quantity: number; serials?: string[] };
const sent: Sent[][] = [];
let refuse = false;
jest.mock('@/api/orders', () => ({
  countStocktake: jest.fn(async (_id: number, lines: Sent[]) => {
    sent.push(lines);
    if (refuse) throw new Error('refused');
    for (const l of lines) saved.set(l.id, l);
    return sheetRow();
  }),
  fetchStocktake: jest.fn(),
  stocktakeTransition: jest.fn(),
  stocktakePrintUrl: jest.fn(),
}));
jest.mock('@/api/masterData', () => ({ fetchUnitsOf: jest.fn(async () => new Map()) }));

import type { StocktakeView } from '@contract/stocktake';
import { CountLine } from './CountSheet';
import { CountSheetStore, isSerialLine } from './sheet';

const saved = new Map<number, Sent>();
/** Line 1: a serial-tracked phone on S1; line 2: a product without serials. */
function sheetRow(): StocktakeView {
  const line = (id: number, tracked: boolean) => ({
    id,
    stocktake_id: 9,
    product_id: id,
    warehouse_shelf_id: 1,
    lot_no: '',
    counted_quantity: saved.get(id)?.counted_quantity ?? null,
    ...(tracked ? { counted_serials: saved.get(id)?.serials ?? null, expected_serials: ['SN-1', 'SN-2'] } : {}),
    price: '0.00',
    found: 0,
    count_admin_id: 0,
    counttime: null,
    product: { id, name: tracked ? 'Phone' : 'Cable', product_no: tracked ? 'PH' : 'CB', serial_tracked: tracked ? 1 : 0 },
    shelf: { id: 1, name: 'S1' },
  });
  return { id: 9, status: 1, blind: 0, warehouse_id: 1, lines: [line(1, true), line(2, false)] } as unknown as StocktakeView;
}

function newSheet(): CountSheetStore {
  const sheet = new CountSheetStore();
  sheet.id = 9;
  sheet.row = sheetRow();
  return sheet;
}

const view = mountEachTest();

const Lines = observer(function Lines({ sheet }: { sheet: CountSheetStore }) {
  return (
    <>
      {sheet.lines.map((line, i) => (
        <CountLine key={line.id} sheet={sheet} line={line} index={i} />
      ))}
    </>
  );
});

async function render(sheet: CountSheetStore) {
  await act(async () => view.root.render(<Lines sheet={sheet} />));
}

const lineEl = (id: number) => view.container.querySelector(`[data-line-id="${id}"]`) as HTMLElement;
const scanInput = (id: number) => lineEl(id).querySelector('[data-serials=capture] input') as HTMLInputElement;
const countInput = (id: number) => lineEl(id).querySelector('[data-stocktake=count-input]') as HTMLInputElement;
const chips = (id: number) => Array.from(lineEl(id).querySelectorAll('[data-serial]')).map((c) => c.getAttribute('data-serial'));
const problem = (id: number) => lineEl(id).querySelector('[data-serials=problem]')?.textContent ?? '';

/** A scanner types the serial and sends Enter. */
async function scan(id: number, text: string) {
  const input = scanInput(id);
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => {
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', keyCode: 13, bubbles: true }));
  });
  await act(async () => {
    await Promise.resolve();
  });
}

beforeEach(() => {
  sent.length = 0;
  saved.clear();
  refuse = false;
});
afterAll(() => setLocale('zh-cn'));

describe('the count sheet of a serial-tracked product', () => {
  it('given a serial-tracked line, when two serials are scanned and one again, then the duplicate is flagged and not sent, and the count is 2 with both serials', async () => {
    await setLocale('en');
    const sheet = newSheet();
    await render(sheet);
    expect(isSerialLine(sheet.lines[0])).toBe(true);
    expect(countInput(1).readOnly).toBe(true);
    // a line without serials has none of this
    expect(lineEl(2).querySelector('[data-serials=capture]')).toBeNull();

    await scan(1, ' sn-1 ');
    await scan(1, 'SN-2');
    expect(chips(1)).toEqual(['SN-1', 'SN-2']);
    expect(countInput(1).value).toBe('2');
    expect(sent.at(-1)).toEqual([{ id: 1, counted_quantity: 2, serials: ['SN-1', 'SN-2'] }]);

    const before = sent.length;
    await scan(1, 'sn-1');
    expect(problem(1)).toBe('SN-1 is scanned already');
    expect(sent.length).toBe(before);
    expect(chips(1)).toEqual(['SN-1', 'SN-2']);
    expect(countInput(1).value).toBe('2');
    expect(lineEl(1).querySelector('[data-serials=count]')?.textContent).toBe('2 scanned');
  });

  it('flags a duplicate in Chinese too, and counts one fewer when a chip is removed', async () => {
    await setLocale('zh-cn');
    const sheet = newSheet();
    await render(sheet);
    await scan(1, 'A-1');
    await scan(1, 'A-2');
    await scan(1, 'a-2');
    expect(problem(1)).toBe('A-2 已经扫过');
    const close = lineEl(1).querySelector('[data-serial="A-1"] .arco-tag-close-btn') as HTMLElement;
    await act(async () => close.click());
    await act(async () => {
      await Promise.resolve();
    });
    expect(chips(1)).toEqual(['A-2']);
    expect(countInput(1).value).toBe('1');
    expect(sent.at(-1)).toEqual([{ id: 1, counted_quantity: 1, serials: ['A-2'] }]);
    expect(sheet.lines[0]).toMatchObject({ counted_quantity: 1, counted_serials: ['A-2'] });
  });

  it("makes the line current on a scan of the product's code without counting it; a refused count puts back what the server holds", async () => {
    const sheet = newSheet();
    sheet.scanField = true;
    const outcome = sheet.addScanned({ id: 1, name: 'Phone', product_no: 'PH', serial_tracked: 1 });
    expect(outcome).toMatchObject({ key: '1', quantity: 0, message: 'wms.stocktake.scanSerials' });
    expect(sheet.focusId).toBe(1);
    // the keyboard goes to its serial scanner (only after such a scan: Enter or opening leave it in the scan field)
    expect(sheet.serialsFocus).toBe(1);
    expect(sent).toEqual([]);
    // a product without serials still counts one per scan
    sheet.addScanned({ id: 2, name: 'Cable', product_no: 'CB' });
    expect(sheet.serialsFocus).toBeNull();
    await sheet.save([]);
    expect(sent[0]).toEqual([{ id: 2, counted_quantity: 1 }]);

    await sheet.setSerials(1, ['X-1']);
    expect(sheet.serialsOf(1)).toEqual(['X-1']);
    refuse = true;
    const pending = sheet.setSerials(1, ['X-1', 'X-2']);
    expect(sheet.typed(1)).toBe('2');
    expect(await pending).toBe(false);
    expect(sheet.serialsOf(1)).toEqual(['X-1']);
    expect(sheet.typed(1)).toBe('1');
  });
});
