import '@/test-support/dom-globals';
import { flatten } from '@/lang';
import { RootStore } from '@/stores/root';
import type { EventSourceLike } from '@/stores/terminal';
import type { StorageLike } from '@/stores/persist';
import { LedgerPageStore } from './store';

class FakeSource implements EventSourceLike {
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  close() {
    this.closed = true;
  }
  send(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

function setup() {
  const sources: FakeSource[] = [];
  const data = new Map<string, string>();
  const storage: StorageLike = { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
  const root = new RootStore({ storage, eventSourceFactory: (url) => sources[sources.push(new FakeSource(url)) - 1], notify: () => undefined });
  root.adminInfo.dataFill({ id: 1, token: 'admin-token' });
  const page = new LedgerPageStore(root, [], []);
  jest.spyOn(page.runs, 'load').mockResolvedValue();
  return { page, sources };
}

const REPORT = { intact: true, events: 8, streams: 3, last_event_id: 8, intact_up_to: 8, problem: null, digest: null, seconds: 0.1 };

describe('the ledger page', () => {
  it('streams a verification against a digest: progress, then the answer, and closes the stream', () => {
    const { page, sources } = setup();
    page.verify(4);
    expect(sources).toHaveLength(1);
    const url = new URL(sources[0].url, 'http://x');
    expect(url.pathname).toBe('/admin/audit.Ledger/verify');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ digest_id: '4', batoken: 'admin-token', server: '1' });
    page.verify('latest'); // one at a time
    expect(sources).toHaveLength(1);
    sources[0].send({ type: 'progress', phase: 'chain', done: 5000, total: 8000 });
    expect(page.progress).toEqual({ phase: 'chain', done: 5000, total: 8000 });
    sources[0].send({ type: 'result', report: REPORT });
    expect({ verifying: page.verifying, report: page.report, error: page.error, closed: sources[0].closed }).toEqual({ verifying: false, report: REPORT, error: '', closed: true });
    expect(page.runs.load).toHaveBeenCalled();
  });

  it('shows why a verification could not run, and a connection lost before the answer', () => {
    const { page, sources } = setup();
    page.verify();
    sources[0].send({ type: 'error', msg: 'A verification of the ledger is already running; wait for its answer' });
    expect({ verifying: page.verifying, error: page.error, closed: sources[0].closed }).toEqual({ verifying: false, error: 'A verification of the ledger is already running; wait for its answer', closed: true });
    page.verify();
    sources[1].onerror?.(new Event('error'));
    expect({ verifying: page.verifying, error: page.error, report: page.report }).toEqual({ verifying: false, error: 'audit.ledger.connectionLost', report: null });
  });
});

describe('lang pages/audit/ledger.json', () => {
  const zh = flatten(require('@/lang/zh-cn/pages/audit/ledger.json'));
  const en = flatten(require('@/lang/en/pages/audit/ledger.json'));
  it('has the same keys and placeholders in zh-cn and en', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    const args = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
    for (const key of Object.keys(zh)) expect([key, args(zh[key])]).toEqual([key, args(en[key])]);
  });
});
