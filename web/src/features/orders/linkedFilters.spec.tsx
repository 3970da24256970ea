import '@/test-support/dom-globals';
import { RootStore } from '@/stores/root';
import type { StorageLike } from '@/stores/persist';

jest.mock('@/api/request', () => ({ ...jest.requireActual('@/api/request'), __esModule: true, default: jest.fn() }));
import request from '@/api/request';
import { withLinkedFilters } from './OrderPage';
import { OrderPageStore } from './pageStore';

const mockedRequest = request as unknown as jest.Mock;

function page(): OrderPageStore {
  const data = new Map<string, string>();
  const storage: StorageLike = { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
  return new OrderPageStore(new RootStore({ storage, notify: () => undefined }), 'outbound', { columns: [], quickSearchFields: [] });
}

describe('links into an order page', () => {
  beforeEach(() => {
    mockedRequest.mockReset();
    mockedRequest.mockResolvedValue({ code: 1, data: { row: { id: 5, outbound_no: 'CK1', lines: [] }, list: [], total: 0 } });
  });

  it("opens the detail of the order a link names (the auditor's trace links with ?detail=<id>)", () => {
    const linked = withLinkedFilters(page(), '?detail=5');
    expect(linked.detail.id).toBe(5);
    expect(mockedRequest.mock.calls[0][0]).toMatchObject({ url: '/admin/wms.Outbound/edit', method: 'get', params: { id: 5 } });
  });

  it('ignores a detail that is not an id, and opens nothing without one', () => {
    for (const search of ['?detail=abc', '?detail=0', '?detail=-3', '?audit_status=0', '']) expect(withLinkedFilters(page(), search).detail.open).toBe(false);
    expect(mockedRequest).not.toHaveBeenCalled();
  });
});
