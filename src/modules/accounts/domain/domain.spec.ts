import { isLockedOut, LOCK_SECONDS, lockKey, MAX_LOGIN_FAILURES } from './login-policy';
import { ACCOUNT_PATTERN, hashPassword, PASSWORD_PATTERN, passwordCost, verifyPassword } from './password';
import { buildTree, dominates, isDescendant, parseRuleIds } from './rule-tree';
import { adminLogData, maskSensitive, maskSensitiveUrl, truncateUtf8 } from './sensitive-data';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('Secret-123');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
    await expect(verifyPassword('Secret-123', stored)).resolves.toBe(true);
    await expect(verifyPassword('Secret-124', stored)).resolves.toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('hashes with PASSWORD_COST as N when set (a power of two from 1,024 to 1,048,576), and a hash of any cost verifies', async () => {
    expect(passwordCost({})).toBe(16384);
    expect(passwordCost({ PASSWORD_COST: '1024' })).toBe(1024);
    expect(passwordCost({ PASSWORD_COST: '131072' })).toBe(131072);
    for (const bad of ['512', '1000', '2097152', 'fast', '-1024', '16384.5']) expect(() => passwordCost({ PASSWORD_COST: bad })).toThrow(/PASSWORD_COST must be a power of two/);
    const before = process.env.PASSWORD_COST;
    process.env.PASSWORD_COST = '1024';
    try {
      const cheap = await hashPassword('Secret-123');
      expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
      await expect(verifyPassword('Secret-123', cheap)).resolves.toBe(true);
      await expect(verifyPassword('Secret-124', cheap)).resolves.toBe(false);
    } finally {
      if (before === undefined) delete process.env.PASSWORD_COST;
      else process.env.PASSWORD_COST = before;
    }
  });

  it('refuses a hash it does not know, such as md5', async () => {
    await expect(verifyPassword('x', 'e10adc3949ba59abbe56e057f20f883e')).resolves.toBe(false);
  });
});

describe('account and password rules', () => {
  it.each([
    ['abc', true],
    ['a_1234567890123', true],
    ['ab', false],
    ['a12345678901234x', false],
    ['1abc', false],
    ['ab-c', false],
  ])('account %s → %s', (value, ok) => expect(ACCOUNT_PATTERN.test(value)).toBe(ok));

  it.each([
    ['123456', true],
    ['x'.repeat(32), true],
    ['12345', false],
    ['x'.repeat(33), false],
    ['abc&def', false],
    ['abc<def', false],
    ['abc"def', false],
    ["abc'def", false],
  ])('password %s → %s', (value, ok) => expect(PASSWORD_PATTERN.test(value)).toBe(ok));
});

describe('login lockout', () => {
  const now = 1_800_000_000;
  it('locks after the tenth failure for 24 hours from the last failure', () => {
    expect(isLockedOut(null, now)).toBe(false);
    expect(isLockedOut({ failures: MAX_LOGIN_FAILURES - 1, lasttime: now }, now)).toBe(false);
    expect(isLockedOut({ failures: MAX_LOGIN_FAILURES, lasttime: now - 10 }, now)).toBe(true);
    expect(isLockedOut({ failures: MAX_LOGIN_FAILURES, lasttime: now - LOCK_SECONDS }, now)).toBe(false);
  });

  it('counts against the account when the name found one, else against the name as typed', () => {
    expect(lockKey(7, 'Admin')).toBe('#7');
    expect(lockKey(null, ' Nobody ')).toBe('?nobody');
    expect(lockKey(null, 'x'.repeat(500))).toHaveLength(120);
  });
});

describe('sensitive data masking', () => {
  it('masks password, salt and token keys at any depth', () => {
    expect(maskSensitive({ username: 'a', password: 'p', nested: [{ refreshToken: 't', keep: 1, deeper: { Salt: 's' } }] })).toEqual({
      username: 'a',
      password: '***',
      nested: [{ refreshToken: '***', keep: 1, deeper: { Salt: '***' } }],
    });
  });

  it('also masks the keys a request marked secret', () => {
    expect(maskSensitive({ cloud_key: 'k', site_name: 'Depot', list: [{ cloud_key: 'k2' }] }, new Set(['cloud_key']))).toEqual({
      cloud_key: '***',
      site_name: 'Depot',
      list: [{ cloud_key: '***' }],
    });
  });
});

describe('rule trees', () => {
  it('nests by pid, orders weigh desc then id asc, and drops orphans', () => {
    const tree = buildTree([
      { id: 1, pid: 0, weigh: 1 },
      { id: 2, pid: 0, weigh: 5 },
      { id: 3, pid: 1, weigh: 0 },
      { id: 4, pid: 1, weigh: 0 },
      { id: 5, pid: 99, weigh: 0 },
    ]);
    expect(tree.map((n) => n.id)).toEqual([2, 1]);
    expect(tree[1].children.map((n) => n.id)).toEqual([3, 4]);
  });

  it('reads * as every rule', () => {
    expect(parseRuleIds('*')).toEqual({ all: true, ids: [] });
    expect(parseRuleIds('1, 2,x,3')).toEqual({ all: false, ids: [1, 2, 3] });
  });

  it('lets an operator manage only groups whose rules it has, with at least one more', () => {
    const operator = { isSuper: false, ruleIds: new Set([1, 2, 3]) };
    expect(dominates(operator, '1,2')).toBe(true);
    expect(dominates(operator, '1,2,3')).toBe(false);
    expect(dominates(operator, '1,4')).toBe(false);
    expect(dominates(operator, '*')).toBe(false);
    expect(dominates({ isSuper: true, ruleIds: new Set() }, '1,2,3')).toBe(true);
  });
});

describe('maskSensitiveUrl', () => {
  it('masks tokens and passwords in the query string and leaves other URLs as they are', () => {
    expect(maskSensitiveUrl('/admin/ajax/upload?batoken=eyJhbGciOi.x.y&topic=default')).toBe('/admin/ajax/upload?batoken=***&topic=default');
    expect(maskSensitiveUrl('/admin/x?ba-user-token=a&password=b&refreshToken=c')).toBe('/admin/x?ba-user-token=***&password=***&refreshToken=***');
    expect(maskSensitiveUrl('/admin/wms.Inbound/audit?search[0][field]=id')).toBe('/admin/wms.Inbound/audit?search[0][field]=id');
    expect(maskSensitiveUrl('/admin/auth.Admin/add')).toBe('/admin/auth.Admin/add');
  });
});

describe('isDescendant', () => {
  const tree = [
    { id: 1, pid: 0 },
    { id: 2, pid: 1 },
    { id: 3, pid: 2 },
    { id: 4, pid: 0 },
  ];
  it('finds an ancestor any number of levels up, and only then', () => {
    expect(isDescendant(tree, 3, 1)).toBe(true);
    expect(isDescendant(tree, 2, 1)).toBe(true);
    expect(isDescendant(tree, 1, 3)).toBe(false);
    expect(isDescendant(tree, 4, 1)).toBe(false);
  });
  it('answers on a broken tree with a cycle', () => {
    expect(isDescendant([{ id: 5, pid: 6 }, { id: 6, pid: 5 }], 5, 9)).toBe(false);
  });
});

describe('admin log data', () => {
  it('cuts a body to the column in bytes, never inside a character', () => {
    const text = truncateUtf8('仓'.repeat(30000), 60000);
    expect(Buffer.byteLength(text)).toBe(60000);
    expect(text).toBe('仓'.repeat(20000));
    expect(truncateUtf8('ab仓', 4)).toBe('ab');
    expect(truncateUtf8('short', 10)).toBe('short');
  });

  it('records a note with the reason when a body cannot be serialised, and cuts nesting past 40 levels', () => {
    expect(JSON.parse(adminLogData({ n: BigInt(1) }))).toEqual({ unrecorded: 'the request body could not be recorded', error: expect.stringContaining('BigInt') });
    let deep: unknown = 'bottom';
    for (let i = 0; i < 5000; i++) deep = [deep];
    expect(adminLogData(deep)).toContain('[nested too deeply]');
    expect(JSON.parse(adminLogData({ password: 'x', a: 1 }))).toEqual({ password: '***', a: 1 });
  });
});
