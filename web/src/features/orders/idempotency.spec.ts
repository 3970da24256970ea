import { TransitionKeys, wasAnswered } from './idempotency';

describe('idempotency keys of order transitions', () => {
  let n = 0;
  const keys = () => new TransitionKeys(() => `k${++n}`);

  it('sends the same key again after a failure the server never answered', () => {
    const k = keys();
    const first = k.keyFor('audit', 7);
    k.settle('audit', 7, false);
    expect(k.keyFor('audit', 7)).toBe(first);
  });

  it('starts a new key once the server answered, success or refusal', () => {
    const k = keys();
    const first = k.keyFor('audit', 7);
    k.settle('audit', 7, true);
    expect(k.keyFor('audit', 7)).not.toBe(first);
  });

  it('keeps one key per action and order', () => {
    const k = keys();
    expect(k.keyFor('audit', 1)).not.toBe(k.keyFor('audit', 2));
    expect(k.keyFor('move', 1)).not.toBe(k.keyFor('cancel', 1));
  });

  it('makes keys the server accepts', () => {
    const key = new TransitionKeys().keyFor('move', 3);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('tells an envelope (answered) from an HTTP or network error (not answered)', () => {
    expect(wasAnswered({ code: 0, msg: 'Insufficient stock', time: 1, data: null })).toBe(true);
    expect(wasAnswered(Object.assign(new Error('timeout of 10000ms exceeded'), { code: 'ECONNABORTED', isAxiosError: true }))).toBe(false);
    expect(wasAnswered(Object.assign(new Error('Request failed with status code 503'), { isAxiosError: true, response: { status: 503 } }))).toBe(false);
  });
});
