import { AdminEntity } from '../../src/modules/accounts/persistence/admin.entity';
import { TEST_ADMIN_PASSWORD, TestApp } from '../setup/create-test-app';
import { http } from '../support/api';
import { Mailbox } from '../support/mailbox';
import { createMember, MEMBER_PASSWORD } from '../support/member';
import { adminAttempt, memberAttempt, watchPasswordChecks } from '../support/sign-in-attempts';
import { publicSpec } from '../support/public-spec';

/**
 * Sign-in and code sending must not tell an outsider which accounts exist or in what state they are, and
 * ten wrong passwords from one address must not lock the owner out everywhere. The time of a sign-in is
 * checked through what it does (the KDF runs for an unknown name too), never by a stopwatch.
 */
const WRONG = 'Wrong-Pass-1';
const INCORRECT = 'Incorrect user name or password!';
const LOCKED = 'Too many failed sign-ins, please try again after 1 day';
/** The app trusts X-Forwarded-For from loopback (a reverse proxy on the same host), as the tests connect. */
const ATTACKER = '203.0.113.7';
const OWNER = '198.51.100.9';

describe('sign-in and codes tell nothing about accounts (admin and member)', () => {
  let t: TestApp;
  let kdf: jest.SpyInstance;
  publicSpec({ ready: (fixture) => ({ t } = fixture) });
  beforeEach(async () => {
    kdf = watchPasswordChecks();
  });
  afterEach(() => kdf.mockRestore());

  const adminLogin = (username: string, pass: string, ip = ATTACKER) => adminAttempt(t)(username, pass, ip);
  const memberLogin = (username: string, pass: string, ip = ATTACKER) => memberAttempt(t)(username, pass, ip);
  /** The stored hash each password check compared against. */
  const hashesChecked = () => kdf.mock.calls.map((call) => String(call[1]));

  describe.each([
    ['admin', adminLogin, async () => ({ name: 'admin', right: TEST_ADMIN_PASSWORD, disable: () => t.dataSource.getRepository(AdminEntity).update({ id: 1 }, { status: 0 }) })],
    [
      'member',
      memberLogin,
      async () => {
        const id = await createMember(t, { username: 'alice', email: 'alice@example.com' });
        return { name: 'alice', right: MEMBER_PASSWORD, disable: () => t.dataSource.query('UPDATE `user` SET status = 0 WHERE id = ?', [id]) };
      },
    ],
  ] as const)('%s sign-in', (_kind, signIn, account) => {
    it('runs the password KDF for an unknown name as for a real one, at the same cost', async () => {
      const { name } = await account();
      expect((await signIn(name, WRONG)).body.msg).toBe(INCORRECT);
      expect((await signIn('nobody', WRONG)).body.msg).toBe(INCORRECT);
      expect((await signIn('no@such.example', WRONG)).body.msg).toBe(INCORRECT);
      expect(kdf).toHaveBeenCalledTimes(3);
      const [real, unknown, unknownMail] = hashesChecked();
      const cost = (hash: string) => hash.split('$').slice(0, 4).join('$');
      expect(cost(unknown)).toBe(cost(real));
      expect(cost(unknownMail)).toBe(cost(real));
      expect(unknown).not.toBe(real);
    });

    it('answers a wrong password on a disabled account like any wrong password; only the right one hears "disabled"', async () => {
      const { name, right, disable } = await account();
      await disable();
      expect((await signIn(name, WRONG)).body).toMatchObject({ code: 0, msg: INCORRECT });
      expect((await signIn(name, right)).body).toMatchObject({ code: 0, msg: 'Account disabled' });
    });

    it('locks an account for the address the failures came from only: the owner elsewhere still signs in', async () => {
      const { name, right } = await account();
      for (let i = 0; i < 10; i++) expect((await signIn(name, WRONG)).body.msg).toBe(INCORRECT);
      kdf.mockClear();
      // from the attacker's address: locked, whatever the password, and nothing is checked any more
      expect((await signIn(name, WRONG)).body.msg).toBe(LOCKED);
      expect((await signIn(name, right)).body.msg).toBe(LOCKED);
      expect(kdf).not.toHaveBeenCalled();
      // the owner, from another address, is not locked out
      expect((await signIn(name, right, OWNER)).body.code).toBe(1);
      // and the owner's success does not unlock the attacker's address
      expect((await signIn(name, right)).body.msg).toBe(LOCKED);
    });

    it('counts failures sent at once exactly (two first failures race to insert on MariaDB)', async () => {
      const { name, right } = await account();
      const answers = await Promise.all(Array.from({ length: 10 }, () => signIn(name, WRONG)));
      expect(answers.map((a) => a.body.msg)).toEqual(Array(10).fill(INCORRECT));
      expect((await signIn(name, right)).body.msg).toBe(LOCKED);
    });

    it('locks an unknown name after the same ten failures, so a lock tells nobody a name exists', async () => {
      await account();
      for (let i = 0; i < 10; i++) expect((await signIn('ghost', WRONG)).body.msg).toBe(INCORRECT);
      expect((await signIn('ghost', WRONG)).body.msg).toBe(LOCKED);
    });
  });

  describe('password-reset codes (Ems/send, Sms/send)', () => {
    const mailbox = new Mailbox();
    beforeAll(async () => {
      await mailbox.start();
      process.env.SMTP_URL = mailbox.url;
      process.env.SMS_DRIVER = 'database';
    });
    afterAll(async () => {
      delete process.env.SMTP_URL;
      delete process.env.SMS_DRIVER;
      await mailbox.stop();
    });
    beforeEach(() => mailbox.clear());

    const send = (path: string, body: object) => http(t).post(path).set('think-lang', 'en').send(body);
    const smsTo = async (mobile: string) => Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM sms_message WHERE mobile = ?', [mobile]))[0].n);

    it('answers the same for an address no member has, sends nothing there, and limits it the same', async () => {
      await createMember(t, { username: 'alice', email: 'alice@example.com', mobile: '13800000001' });
      const known = await send('/api/Ems/send', { email: 'alice@example.com', event: 'user_retrieve_pwd' });
      const unknown = await send('/api/Ems/send', { email: 'nobody@example.com', event: 'user_retrieve_pwd' });
      expect(unknown.body).toEqual({ ...known.body, time: unknown.body.time });
      expect(known.body).toMatchObject({ code: 1, data: null });
      await mailbox.codeFor('alice@example.com');
      expect(mailbox.mailsTo('nobody@example.com')).toHaveLength(0);
      // the once-a-minute limit answers alike too
      const again = await send('/api/Ems/send', { email: 'alice@example.com', event: 'user_retrieve_pwd' });
      const againUnknown = await send('/api/Ems/send', { email: 'nobody@example.com', event: 'user_retrieve_pwd' });
      expect(againUnknown.body).toEqual({ ...again.body, time: againUnknown.body.time });
      expect(again.body.code).toBe(0);

      const sms = await send('/api/Sms/send', { mobile: '13800000001', template_code: 'user_retrieve_pwd' });
      const smsUnknown = await send('/api/Sms/send', { mobile: '13900000009', template_code: 'user_retrieve_pwd' });
      expect(smsUnknown.body).toEqual({ ...sms.body, time: smsUnknown.body.time });
      expect(sms.body.code).toBe(1);
      for (let i = 0; i < 100 && (await smsTo('13800000001')) === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await smsTo('13800000001')).toBe(1);
      expect(await smsTo('13900000009')).toBe(0);
    });

    it('does not answer "no such account" to a reset with a guessed code', async () => {
      await createMember(t, { username: 'alice', email: 'alice@example.com' });
      const reset = (account: string) => send('/api/account/retrievePassword', { type: 'email', account, captcha: '123456', password: 'Fresh-Pass-3' });
      const [known, unknown] = [await reset('alice@example.com'), await reset('nobody@example.com')];
      expect(unknown.body).toEqual({ ...known.body, time: unknown.body.time });
      expect(known.body).toMatchObject({ code: 0, msg: 'Please enter the correct verification code' });
    });

    it('still tells a new member that an address is taken at sign-up (that is its point)', async () => {
      await createMember(t, { username: 'alice', email: 'alice@example.com' });
      expect((await send('/api/Ems/send', { email: 'alice@example.com', event: 'user_register' })).body).toMatchObject({ code: 0, msg: 'This e-mail address is already registered' });
    });
  });
});
