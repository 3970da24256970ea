import { TestApp } from '../setup/create-test-app';
import { adminAttempt, memberAttempt, signInAccounts, watchPasswordChecks } from '../support/sign-in-attempts';
import { publicSpec } from '../support/public-spec';

/**
 * Budgets that slow guessing down without locking anybody out (the wire contract keeps "ten failed sign-ins lock
 * the account for 24 hours" for the address they came from; account-enumeration.e2e-spec.ts checks it):
 * - per account, from any address: ten failures a day are free, then each attempt waits a minute, two,
 *   four, … at most fifteen — so forty guesses from forty addresses are not forty checks;
 * - per address, for any names: thirty failures a day, then the same waits.
 * The addresses: the app trusts X-Forwarded-For from a proxy on loopback only (`trust proxy: loopback`, as
 * a reverse proxy on the same host sends it); these specs connect from loopback and name the client's address
 * in that header, as such a proxy does. Time is moved by moving the budget's own clock back, never by waiting.
 */
const WRONG = 'Wrong-Pass-1';
const INCORRECT = 'Incorrect user name or password!';
const ACCOUNT_WAIT = /^Too many failed sign-ins for this account: please try again in (\d+) seconds$/;
const ADDRESS_WAIT = /^Too many failed sign-ins from your address: please try again in (\d+) seconds$/;
const OWNER = '198.51.100.9';
const address = (i: number) => `203.0.${113 + Math.floor(i / 250)}.${(i % 250) + 1}`;
const WAITS_ACCOUNT = 'Too many failed sign-ins for this account: please try again in n seconds';
const WAITS_ADDRESS = 'Too many failed sign-ins from your address: please try again in n seconds';
/** How many answers said what (the seconds of a wait left out). */
const tally = (answers: Array<{ body: { msg: string } }>) =>
  answers.reduce<Record<string, number>>((counts, a) => {
    const said = String(a.body.msg).replace(/\d+/g, 'n');
    counts[said] = (counts[said] ?? 0) + 1;
    return counts;
  }, {});

describe('sign-in budgets: per account across addresses, per address across names (admin and member)', () => {
  let t: TestApp;
  let kdf: jest.SpyInstance;
  publicSpec({ ready: (fixture) => ({ t } = fixture) });
  beforeEach(async () => {
    kdf = watchPasswordChecks();
  });
  afterEach(() => kdf.mockRestore());

  /** The budgets' clock moved back by `seconds`: as if that much time had passed. */
  const elapse = (seconds: number) =>
    t.dataSource.query('UPDATE attempt_budget SET lasttime = lasttime - ?, blocked_until = CASE WHEN blocked_until > ? THEN blocked_until - ? ELSE 0 END', [seconds, seconds, seconds]);
  const waitOf = (msg: string, pattern: RegExp) => Number(pattern.exec(msg)?.[1] ?? NaN);

  const adminLogin = (username: string, pass: string, ip: string) => adminAttempt(t)(username, pass, ip);

  describe.each([
    ['admin', adminAttempt, signInAccounts.admin],
    ['member', memberAttempt, signInAccounts.member],
  ] as const)('%s sign-in', (_kind, attempt, accountOf) => {
    const signIn = (username: string, pass: string, ip: string, lang?: string) => attempt(t)(username, pass, ip, lang);
    const account = () => accountOf(t);
    it('checks eleven of forty guesses sent at once from forty addresses; the rest wait, and the wait grows', async () => {
      const { name } = await account();
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(name, WRONG, address(i))));
      const messages = answers.map((a) => a.body.msg as string);
      expect(tally(answers)).toEqual({ [INCORRECT]: 11, [WAITS_ACCOUNT]: 29 });
      expect(kdf).toHaveBeenCalledTimes(11);
      // the wait is the first one: a minute
      expect(Math.max(...messages.filter((m) => ACCOUNT_WAIT.test(m)).map((m) => waitOf(m, ACCOUNT_WAIT)))).toBeLessThanOrEqual(60);
      // a minute later one more guess is checked, and the next wait is two minutes
      await elapse(60);
      expect((await signIn(name, WRONG, address(41))).body.msg).toBe(INCORRECT);
      const next = (await signIn(name, WRONG, address(42))).body.msg as string;
      expect(waitOf(next, ACCOUNT_WAIT)).toBeGreaterThan(60);
      expect(waitOf(next, ACCOUNT_WAIT)).toBeLessThanOrEqual(120);
      expect(kdf).toHaveBeenCalledTimes(12);
      // translated
      expect((await signIn(name, WRONG, address(43), 'zh-cn')).body.msg).toMatch(/^该账号登录失败次数过多，请 \d+ 秒后再试$/);
    });

    it('never locks the owner out: the right password waits the same wait, then signs in and clears the budget', async () => {
      const { name, right } = await account();
      await Promise.all(Array.from({ length: 12 }, (_, i) => signIn(name, WRONG, address(i))));
      kdf.mockClear();
      // during the wait nothing is checked, the right password neither (a right guess would be told apart)
      expect((await signIn(name, right, OWNER)).body.msg).toMatch(ACCOUNT_WAIT);
      expect(kdf).not.toHaveBeenCalled();
      await elapse(60);
      expect((await signIn(name, right, OWNER)).body.code).toBe(1);
      // the owner's sign-in cleared the account's budget: a wrong password is checked again at once
      expect((await signIn(name, WRONG, address(100))).body.msg).toBe(INCORRECT);
      expect((await signIn(name, right, address(101))).body.code).toBe(1);
    });

    it('treats a name without an account alike (the wait tells nobody a name exists)', async () => {
      await account();
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn('ghost', WRONG, address(i))));
      expect(tally(answers)).toEqual({ [INCORRECT]: 11, [WAITS_ACCOUNT]: 9 });
    });

    it('limits one address guessing at many names: thirty-one checked, then the address waits; other addresses do not', async () => {
      const { name, right } = await account();
      const attacker = address(7);
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(`name${i}`, WRONG, attacker)));
      expect(tally(answers)).toEqual({ [INCORRECT]: 31, [WAITS_ADDRESS]: 9 });
      expect(kdf).toHaveBeenCalledTimes(31);
      // the right password from that address waits too; from another address the owner signs in
      expect((await signIn(name, right, attacker)).body.msg).toMatch(ADDRESS_WAIT);
      expect((await signIn(name, right, OWNER)).body.code).toBe(1);
      expect((await signIn(name, right, attacker, 'zh-cn')).body.msg).toMatch(/^您的地址登录失败次数过多，请 \d+ 秒后再试$/);
      // after the wait the address may try again, and the next wait is longer
      await elapse(60);
      expect((await signIn('name99', WRONG, attacker)).body.msg).toBe(INCORRECT);
      expect(waitOf((await signIn('name98', WRONG, attacker)).body.msg, ADDRESS_WAIT)).toBeGreaterThan(60);
    });

    it('counts right passwords from a shared address as no failures', async () => {
      const { name, right } = await account();
      for (let i = 0; i < 35; i++) expect((await signIn(name, right, OWNER)).body.code).toBe(1);
      expect((await signIn('nobody', WRONG, OWNER)).body.msg).toBe(INCORRECT);
    });
  });

  it('keeps the budgets in the database, so that every app process counts alike', async () => {
    await Promise.all(Array.from({ length: 3 }, (_, i) => adminLogin('admin', WRONG, address(i))));
    const rows: Array<{ subject: string; failures: number | string }> = await t.dataSource.query('SELECT subject, failures FROM attempt_budget');
    expect(rows.map((r) => [r.subject, Number(r.failures)]).sort()).toEqual([
      ['admin#1', 3],
      ...[0, 1, 2].map((i) => [`admin@${address(i)}`, 1]),
    ]);
  });
});
