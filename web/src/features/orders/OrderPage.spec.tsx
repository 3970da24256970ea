import '@/test-support/dom-globals';
import { act } from 'react';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { mountEachTest } from '@/test-support/react-root';
import { StoreProvider } from '@/stores/context';
import { RootStore } from '@/stores/root';
import type { StorageLike } from '@/stores/persist';

jest.mock('@/api/request', () => ({ ...jest.requireActual('@/api/request'), __esModule: true, default: jest.fn() }));
import request from '@/api/request';
import { OrderPage } from './OrderPage';

const mockedRequest = request as unknown as jest.Mock;

const view = mountEachTest();
let go: (to: string) => void = () => undefined;

function Navigator() {
  go = useNavigate();
  return null;
}

beforeEach(() => {
  mockedRequest.mockReset();
  mockedRequest.mockImplementation((config: { url: string; params?: { id?: number } }) =>
    Promise.resolve({ code: 1, msg: '', time: 0, data: config.url.endsWith('/edit') ? { row: { id: config.params?.id, outbound_no: `CK${config.params?.id}`, lines: [] } } : { list: [], total: 0, remark: '' } }),
  );
});

const detailReads = () => mockedRequest.mock.calls.map(([config]) => config).filter((config: { url: string }) => config.url.endsWith('/edit'));

describe('an order page followed to by links', () => {
  it('opens the detail a link names, also when the page is already open (same path, another order)', async () => {
    const data = new Map<string, string>();
    const storage: StorageLike = { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
    const root = new RootStore({ storage, notify: () => undefined });
    await act(async () => {
      view.root.render(
        <StoreProvider value={root}>
          <MemoryRouter initialEntries={['/admin/wms/outbound?detail=5']}>
            <Navigator />
            <OrderPage kind="outbound" columns={[]} quickSearchFields={[]} entity="outbound" />
          </MemoryRouter>
        </StoreProvider>,
      );
    });
    expect(detailReads().map((config: { params: { id: number } }) => config.params.id)).toEqual([5]);
    await act(async () => go('/admin/wms/outbound?detail=7'));
    expect(detailReads().map((config: { params: { id: number } }) => config.params.id)).toEqual([5, 7]);
    await act(async () => go('/admin/wms/outbound?audit_status=1'));
    expect(detailReads()).toHaveLength(2);
  });
});
