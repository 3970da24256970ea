/**
 * The new-return form with a serial-tracked line (jsdom): the line is returned by scanning one serial per unit
 * into the order lines' SerialCapture (a duplicate flagged at once, translated, and not added; at most what can
 * still be returned); its quantity follows the chips and the save sends them as the line's `serials`. The
 * server's refusal of a serial the order did not ship is shown on the form and the scans stay, so a chip can be
 * removed and the return saved. A line without serials is typed as before.
 */
import '@/test-support/dom-globals';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { mountEachTest } from '@/test-support/react-root';
import { addMessages, setLocale } from '@/lang';
import { StoreProvider } from '@/stores/context';
import { RootStore } from '@/stores/root';
import enReturn from '@/lang/en/pages/wms/return.json';
import zhReturn from '@/lang/zh-cn/pages/wms/return.json';

jest.mock('@/api/request', () => ({ ...jest.requireActual('@/api/request'), __esModule: true, default: jest.fn() }));
import request from '@/api/request';
import { NewReturn } from './index';

addMessages('en', enReturn, 'wms.return');
addMessages('zh-cn', zhReturn, 'wms.return');

const mockedRequest = request as unknown as jest.Mock;
const view = mountEachTest();

const product = (id: number, name: string, no: string, serial: boolean) => ({ name, product_no: no, spec: '', unit_name: 'pc', lot_tracked: 0, serial_tracked: serial ? 1 : 0 });
const RETURNABLE = [
  { product_id: 1, lot_no: '', shipped: 2, returned: 0, returnable: 2, price: '999.00', product: product(1, 'Phone', 'PH', true) },
  { product_id: 2, lot_no: '', shipped: 5, returned: 0, returnable: 5, price: '3.00', product: product(2, 'Cable', 'CB', false) },
];
const REFUSAL = 'Line 1: serial number SN-9 of Phone (PH) was not shipped by order CK9 (or is returned already)';

/** A fake server: the shipped order, what it can return, the shelves; the first add refused when it names SN-9. */
function answer(config: { url: string; method?: string; params?: Record<string, any>; data?: any }) {
  const ok = (data: unknown) => Promise.resolve({ code: 1, msg: '', time: 0, data });
  if (config.url === '/admin/wms.Outbound/index') return ok({ list: [{ id: 9, outbound_no: 'CK9', customer: { name: 'Shop' } }], total: 1 });
  if (config.url.endsWith('/returnable')) return ok({ outbound: { id: 9, outbound_no: 'CK9' }, returnable: RETURNABLE });
  if (config.url === '/admin/wms.Shelf/index') return ok({ list: [{ id: 7, name: 'S1', serial_no: 'S1' }], total: 1 });
  if (config.url.endsWith('/add')) {
    if (config.data.lines.some((l: { serials?: string[] }) => l.serials?.includes('SN-9'))) return Promise.reject({ code: 0, msg: REFUSAL, time: 0, data: null });
    return ok({ id: 33, ...config.data });
  }
  return ok({ list: [], total: 0 });
}

beforeEach(() => {
  jest.useFakeTimers();
  mockedRequest.mockReset();
  mockedRequest.mockImplementation(answer);
});
afterEach(() => {
  document.body.innerHTML = '';
  jest.useRealTimers();
});
afterAll(() => setLocale('zh-cn'));

async function flush() {
  for (let i = 0; i < 5; i++) {
    await act(async () => {
      jest.advanceTimersByTime(400);
      await Promise.resolve();
    });
  }
}

const form = () => (document.body.querySelector('.arco-drawer') as HTMLElement) ?? document.body;
const cards = () => Array.from(form().querySelectorAll('[data-returns=line]')) as HTMLElement[];
const phone = () => cards().find((c) => c.textContent?.includes('PH')) as HTMLElement;
const cable = () => cards().find((c) => c.textContent?.includes('CB')) as HTMLElement;
const quantityOf = (card: HTMLElement) => card.querySelector('[data-returns=quantity] input, input[data-returns=quantity]') as HTMLInputElement;
const capture = () => phone().querySelector('[data-returns=serials] [data-serials=capture]') as HTMLElement;
const adds = () => mockedRequest.mock.calls.map(([config]) => config).filter((config: { url: string }) => config.url.endsWith('/add'));

async function choose(within: HTMLElement, selector: string, option: string) {
  await act(async () => {
    ((within.querySelector(`${selector} .arco-select-view`) ?? within.querySelector(`${selector}.arco-select .arco-select-view`) ?? within.querySelector(selector)) as HTMLElement).click();
  });
  await flush();
  const popups = Array.from(document.body.querySelectorAll('.arco-select-popup'));
  const hit = Array.from(popups[popups.length - 1].querySelectorAll('.arco-select-option')).find((o) => o.textContent?.includes(option)) as HTMLElement | undefined;
  if (!hit) throw new Error(`no option ${option}`);
  await act(async () => hit.click());
  await flush();
}

async function type(input: HTMLInputElement, text: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function scan(text: string) {
  const input = capture().querySelector('input') as HTMLInputElement;
  await type(input, text);
  await act(async () => {
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', keyCode: 13, bubbles: true }));
  });
}

async function open(onSaved: (id: number) => void) {
  const root = new RootStore({ storage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined }, notify: () => undefined });
  await act(async () => {
    view.root.render(
      <StoreProvider value={root}>
        <MemoryRouter initialEntries={['/admin/wms/return']}>
          <NewReturn visible onClose={() => undefined} onSaved={onSaved} />
        </MemoryRouter>
      </StoreProvider>,
    );
  });
  await choose(form(), '[data-returns=outbound]', 'CK9');
  expect(cards()).toHaveLength(2);
}

const click = async (selector: string) => {
  await act(async () => (form().querySelector(selector) as HTMLElement).click());
  await flush();
};

describe('the return form of a serial-tracked line', () => {
  it('given 2 returnable, when SN-1, SN-1 again, SN-9 and SN-3 are scanned, the duplicate and the third are flagged and the quantity is 2; the refusal of SN-9 shows on the form with the scans kept; without SN-9 the save sends the serial', async () => {
    await setLocale('en');
    const saved: number[] = [];
    await open((id) => saved.push(id));
    // the serial line's quantity is not typed; the other line's is
    expect(quantityOf(phone()).readOnly).toBe(true);
    expect(quantityOf(cable()).readOnly).toBe(false);
    expect(cable().querySelector('[data-serials=capture]')).toBeNull();
    expect(capture().querySelector('[data-serials=count]')?.textContent).toBe('0 of 2 scanned');

    await scan('sn-1');
    await scan(' SN-1 ');
    expect(capture().querySelector('[data-serials=problem]')?.textContent).toBe('SN-1 is scanned already');
    await scan('SN-9');
    expect(capture().querySelector('[data-serials=count]')?.textContent).toBe('2 of 2 scanned');
    await scan('SN-3');
    expect(capture().querySelector('[data-serials=problem]')?.textContent).toBe('All 2 units are scanned');
    expect(quantityOf(phone()).value).toBe('2');
    await choose(phone(), '[data-returns=shelf]', 'S1');

    await click('[data-returns=save]');
    expect(adds()).toHaveLength(1);
    expect(adds()[0].data.lines).toEqual([{ product_id: 1, lot_no: '', quantity: 2, disposition: 1, warehouse_shelf_id: 7, reason: '', serials: ['SN-1', 'SN-9'] }]);
    expect(form().querySelector('[data-returns=refusal]')?.textContent).toContain(REFUSAL);
    expect(saved).toEqual([]);
    // nothing lost: the chips are there; SN-9 removed, the return is saved with SN-1 alone
    expect(Array.from(capture().querySelectorAll('[data-serial]')).map((e) => e.getAttribute('data-serial'))).toEqual(['SN-1', 'SN-9']);
    await act(async () => (capture().querySelector('[data-serial="SN-9"] .arco-tag-close-btn') as HTMLElement).click());
    expect(quantityOf(phone()).value).toBe('1');
    await click('[data-returns=save]');
    expect(adds()).toHaveLength(2);
    expect(adds()[1].data.lines).toEqual([{ product_id: 1, lot_no: '', quantity: 1, disposition: 1, warehouse_shelf_id: 7, reason: '', serials: ['SN-1'] }]);
    expect(saved).toEqual([33]);
  });

  it('sends nothing of a serial line until a serial is scanned, and a typed line takes no serials (in Chinese)', async () => {
    await setLocale('zh-cn');
    const saved: number[] = [];
    await open((id) => saved.push(id));
    expect(quantityOf(phone()).placeholder).toBe('在下方扫描');
    await scan('a-1');
    await scan('A-1');
    expect(capture().querySelector('[data-serials=problem]')?.textContent).toBe('A-1 已经扫过');
    await act(async () => (capture().querySelector('[data-serial="A-1"] .arco-tag-close-btn') as HTMLElement).click());
    expect(quantityOf(phone()).value).toBe('');
    await type(quantityOf(cable()), '3');
    await act(async () => quantityOf(cable()).dispatchEvent(new Event('blur', { bubbles: true })));
    await choose(cable(), '[data-returns=shelf]', 'S1');
    await click('[data-returns=save]');
    expect(adds().map((c: { data: { lines: unknown } }) => c.data.lines)).toEqual([[{ product_id: 2, lot_no: '', quantity: 3, disposition: 1, warehouse_shelf_id: 7, reason: '' }]]);
    expect(form().querySelector('[data-returns=refusal]')).toBeNull();
    expect(saved).toEqual([33]);
  });
});
