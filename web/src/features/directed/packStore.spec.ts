jest.mock('@/api/request', () => ({ ...jest.requireActual('@/api/request'), __esModule: true, default: jest.fn() }));
import request from '@/api/request';
import type { PackageView } from '@contract/directed';
import type { OrderView } from '@contract/orders';
import { PackStationStore } from './packStore';

const t = (key: string) => key;
const mocked = request as unknown as jest.Mock;

const pack = (id: number, status: number, contents: Array<[number, string, number]>): PackageView => ({
  id,
  sscc: `00614141000000000${id}`,
  outbound_id: 7,
  type: 1,
  status,
  weight: '0.00',
  number: id,
  count: 2,
  contents: contents.map(([product_id, product_no, quantity]) => ({ product_id, product_no, name: product_no, quantity })),
  admin_id: 1,
  close_time: null,
  createtime: 1,
});

const order = (packages: PackageView[]) =>
  ({
    id: 7,
    outbound_no: 'CK20261129-0001',
    fulfilment_status: 3,
    lines: [
      { id: 1, product_id: 11, picked_quantity: 2, product: { product_no: 'RICE', name: 'Rice' } },
      { id: 2, product_id: 12, picked_quantity: 1, product: { product_no: 'OIL', name: 'Oil' } },
      { id: 3, product_id: 11, picked_quantity: 1, product: { product_no: 'RICE', name: 'Rice' } },
    ],
    packages,
  }) as unknown as OrderView<'outbound'>;

describe('the pack station store', () => {
  beforeEach(() => mocked.mockReset());

  it('sums picked per product over the lines and packed over the packages; scans go into the chosen open package, else the last open one', () => {
    const store = new PackStationStore(t as never);
    store.order = order([pack(1, 1, [[11, 'RICE', 2]]), pack(2, 0, [[12, 'OIL', 1]]), pack(3, 0, [])]);
    expect(store.lines).toEqual([
      { product_id: 11, product_no: 'RICE', name: 'Rice', picked: 3, packed: 2 },
      { product_id: 12, product_no: 'OIL', name: 'Oil', picked: 1, packed: 1 },
    ]);
    expect(store.current?.id).toBe(3);
    store.choose(2);
    expect(store.current?.id).toBe(2);
    // a closed package is never the current one
    store.choose(1);
    expect(store.current?.id).toBe(3);
  });

  it('asks for a carton first when none is open, and sends a scan with its quantity, then reloads the order', async () => {
    const store = new PackStationStore(t as never);
    store.order = order([pack(1, 1, [[11, 'RICE', 2]])]);
    await store.scan('RICE');
    expect(store.error).toBe('wms.package.openFirst');
    expect(mocked).not.toHaveBeenCalled();

    store.order = order([pack(2, 0, [])]);
    store.setQuantity(2);
    store.toggleMode();
    mocked.mockResolvedValueOnce({ data: pack(2, 0, []) }).mockResolvedValueOnce({ data: { row: order([pack(2, 0, [])]) } });
    await store.scan(' RICE ');
    expect(mocked.mock.calls[0][0]).toMatchObject({ url: expect.stringContaining('/admin/wms.Package/unpack'), method: 'post', data: { package_id: 2, code: 'RICE', quantity: 2 } });
    expect(mocked.mock.calls[0][0].headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    expect(store.quantity).toBe(1);
    expect(store.mode).toBe('pack');
    expect(store.error).toBe('');
  });
});
