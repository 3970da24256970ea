import { randomUUID } from 'node:crypto';
import { TestApp } from '../setup/create-test-app';
import { solvedCaptcha } from '../support/captcha';
import { Mailbox } from '../support/mailbox';
import { ageCodes, anonymous, asMember, createMember, latestSmsCode, memberLogin } from '../support/member';
import { publicSpec } from '../support/public-spec';

/**
 * Sign-up with a code sent by e-mail (a real SMTP server on loopback) or SMS (the development driver), and
 * the rules of the codes: wrong, expired, reused, too many attempts, one send per minute, who may ask.
 */
describe('member sign-up and verification codes', () => {
  let t: TestApp;
  const mailbox = new Mailbox();

  // the mailbox before the app, the mail settings before each reset (hooks run in the order written)
  beforeAll(() => mailbox.start());
  beforeEach(() => {
    process.env.SMTP_URL = mailbox.url;
    process.env.SMS_DRIVER = 'database';
    mailbox.clear();
  });
  publicSpec({ ready: (fixture) => ({ t } = fixture) });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    delete process.env.SMS_DRIVER;
    process.env.LOGIN_CAPTCHA = '0';
    await mailbox.stop();
  });

  const api = () => anonymous(t);
  const sendMail = (email: string, event = 'user_register', extra: object = {}) => api().post('/api/Ems/send', { email, event, ...extra });
  const register = (body: object) => api().post('/api/user/checkIn', { tab: 'register', registerType: 'email', password: 'Secret-123', ...body });

  it('tells which channels carry codes: e-mail when mail is configured, mobile when an SMS driver is set', async () => {
    expect((await api().get('/api/user/checkIn')).body).toMatchObject({ code: 1, data: { accountVerificationType: ['email', 'mobile'], captcha: false } });
    delete process.env.SMTP_URL;
    delete process.env.SMS_DRIVER;
    expect((await api().get('/api/user/checkIn')).body.data.accountVerificationType).toEqual([]);
    expect((await sendMail('a@example.com')).body).toMatchObject({ code: 0, msg: expect.stringMatching(/not configured/) });
    expect((await api().post('/api/Sms/send', { mobile: '13800000001', template_code: 'user_register' })).body).toMatchObject({ code: 0, msg: 'SMS sending is not enabled' });
  });

  it('sends through the SMTP settings of the site config when SMTP_URL is not set', async () => {
    delete process.env.SMTP_URL;
    const set = (name: string, value: string) => t.dataSource.query('UPDATE config SET value = ? WHERE name = ?', [value, name]);
    await set('smtp_server', '127.0.0.1');
    await set('smtp_port', String(mailbox.port));
    // neither SSL nor TLS: the loopback test server speaks plain SMTP
    await set('smtp_verification', '');
    expect((await api().get('/api/user/checkIn')).body.data.accountVerificationType).toEqual(['mobile']);
    await set('smtp_sender_mail', 'shop@example.com');
    expect((await api().get('/api/user/checkIn')).body.data.accountVerificationType).toEqual(['email', 'mobile']);
    // a server of the site settings on loopback is not reached without the development setting (the outbound guard)
    expect((await sendMail('guarded@example.com')).body).toMatchObject({ code: 0, msg: 'The e-mail could not be sent, please try again later' });
    expect(mailbox.mails).toHaveLength(0);
    process.env.OUTBOUND_ALLOW_PRIVATE = '1';
    try {
      expect((await sendMail('config@example.com')).body.code).toBe(1);
      expect((await mailbox.latest('config@example.com')).from).toBe('shop@example.com');

      // a server that does not answer: the member is told, and may ask again at once
      await set('smtp_port', '1');
      expect((await sendMail('down@example.com')).body).toMatchObject({ code: 0, msg: 'The e-mail could not be sent, please try again later' });
      await set('smtp_port', String(mailbox.port));
      expect((await sendMail('down@example.com')).body.code).toBe(1);
    } finally {
      delete process.env.OUTBOUND_ALLOW_PRIVATE;
    }
  });

  it('registers with the code from the e-mail, signs the member in, and refuses the code a second time', async () => {
    const sent = await sendMail('New.Member@Example.com');
    expect(sent.body).toMatchObject({ code: 1, msg: 'Sent successfully, please check it' });
    const mail = await mailbox.latest('new.member@example.com');
    expect(mail.subject).toMatch(/\d{6}/);
    expect(mail.raw).toContain('10 minutes');
    const code = await mailbox.codeFor('new.member@example.com');

    const res = await register({ username: 'newbie', email: 'new.member@example.com', captcha: code, keep: true });
    expect(res.body).toMatchObject({ code: 1, msg: 'Registration succeeded!', data: { routePath: '/user', userInfo: { username: 'newbie', nickname: 'newbie', email: 'new.member@example.com', money: '0.00', score: 0 } } });
    const { token, refreshToken } = res.body.data.userInfo;
    expect(token).toBeTruthy();
    expect(refreshToken).toBeTruthy();
    expect((await asMember(t, token).get('/api/user/index')).body).toMatchObject({ code: 1, data: { userInfo: { username: 'newbie' } } });
    // the password works for a later sign-in, by username and by e-mail
    await memberLogin(t, 'newbie', 'Secret-123');
    await memberLogin(t, 'NEW.member@example.com', 'Secret-123');

    const again = await register({ username: 'second', email: 'other@example.com', captcha: code });
    expect(again.body).toMatchObject({ code: 0, msg: 'Please enter the correct verification code' });
    const reused = await register({ username: 'third', email: 'new.member@example.com', captcha: code });
    expect(reused.body).toMatchObject({ code: 0, msg: 'The e-mail address is already taken' });
  });

  it('refuses a wrong code, voids the code after five wrong answers, and refuses an expired one', async () => {
    await sendMail('wrong@example.com');
    const code = await mailbox.codeFor('wrong@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      expect((await register({ username: 'wrongcode', email: 'wrong@example.com', captcha: wrong })).body).toMatchObject({ code: 0, msg: 'Please enter the correct verification code' });
    }
    // the fifth wrong answer voids it: even the right code is refused afterwards
    expect((await register({ username: 'wrongcode', email: 'wrong@example.com', captcha: wrong })).body.code).toBe(0);
    expect((await register({ username: 'wrongcode', email: 'wrong@example.com', captcha: code })).body).toMatchObject({ code: 0, msg: 'Please enter the correct verification code' });

    await ageCodes(t, 120);
    await sendMail('late@example.com');
    const late = await mailbox.codeFor('late@example.com');
    await ageCodes(t, 601);
    expect((await register({ username: 'latecomer', email: 'late@example.com', captcha: late })).body).toMatchObject({ code: 0, msg: 'Please enter the correct verification code' });
    expect(await t.dataSource.query('SELECT COUNT(*) AS n FROM `user`').then((r: Array<{ n: number }>) => Number(r[0].n))).toBe(0);
  });

  it('sends one code per address and event per minute; a new code replaces the old one', async () => {
    expect((await sendMail('busy@example.com')).body.code).toBe(1);
    const first = await mailbox.codeFor('busy@example.com');
    expect((await sendMail('busy@example.com')).body).toMatchObject({ code: 0, msg: 'Frequent email sending, please try again in a minute' });
    // another event or another address is not limited by it
    expect((await sendMail('other@example.com')).body.code).toBe(1);
    expect(mailbox.mailsTo('busy@example.com')).toHaveLength(1);

    await ageCodes(t, 61);
    expect((await sendMail('busy@example.com')).body.code).toBe(1);
    expect(mailbox.mailsTo('busy@example.com')).toHaveLength(2);
    const second = await mailbox.codeFor('busy@example.com');
    if (second !== first) {
      expect((await register({ username: 'busybee', email: 'busy@example.com', captcha: first })).body.code).toBe(0);
    }
    expect((await register({ username: 'busybee', email: 'busy@example.com', captcha: second })).body.code).toBe(1);
  });

  it('answers concurrent sends to one address with one code', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => sendMail('race@example.com')));
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, 0, 0, 0, 1]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailbox.mailsTo('race@example.com')).toHaveLength(1);
  });

  it('decides who may ask for which code', async () => {
    await createMember(t, { username: 'alice', email: 'alice@example.com', mobile: '13800000001' });
    await createMember(t, { username: 'bob', email: 'bob@example.com' });
    expect((await sendMail('alice@example.com')).body).toMatchObject({ code: 0, msg: 'This e-mail address is already registered' });
    // a password-reset code: the same answer whether or not a member has the address (nothing is sent then)
    expect((await sendMail('nobody@example.com', 'user_retrieve_pwd')).body).toMatchObject({ code: 1, msg: 'Sent successfully, please check it' });
    expect((await sendMail('alice@example.com', 'user_retrieve_pwd')).body.code).toBe(1);
    expect((await sendMail('alice@example.com', 'user_unknown')).body).toMatchObject({ code: 0, msg: 'Unknown event' });
    expect((await sendMail('not-an-address', 'user_register')).body).toMatchObject({ code: 0, msg: 'E-mail is not a valid e-mail address' });

    // verify and change need a signed-in member; verify only the member's own address
    expect((await sendMail('alice@example.com', 'user_email_verify')).body).toMatchObject({ code: 302, data: { routePath: '/user/login' } });
    expect((await sendMail('fresh@example.com', 'user_change_email')).body.code).toBe(302);
    const alice = await memberLogin(t, 'alice');
    expect((await asMember(t, alice).post('/api/Ems/send', { email: 'bob@example.com', event: 'user_email_verify' })).body).toMatchObject({
      code: 0,
      msg: 'This is not the e-mail address of your account',
    });
    expect((await asMember(t, alice).post('/api/Ems/send', { email: 'alice@example.com', event: 'user_email_verify' })).body.code).toBe(1);
    expect((await asMember(t, alice).post('/api/Ems/send', { email: 'bob@example.com', event: 'user_change_email' })).body).toMatchObject({
      code: 0,
      msg: 'This e-mail address is already registered',
    });
    expect((await asMember(t, alice).post('/api/Ems/send', { email: 'fresh@example.com', event: 'user_change_email' })).body.code).toBe(1);
  });

  it('registers by mobile with the code of the development SMS driver', async () => {
    const sent = await api().post('/api/Sms/send', { mobile: '13912345678', template_code: 'user_register' });
    expect(sent.body).toMatchObject({ code: 1 });
    const code = await latestSmsCode(t, '13912345678');
    expect((await api().post('/api/Sms/send', { mobile: '13912345678', event: 'user_register' })).body).toMatchObject({ code: 0, msg: 'Frequent SMS sending, please try again in a minute' });
    expect((await api().post('/api/Sms/send', { mobile: '12345', template_code: 'user_register' })).body).toMatchObject({ code: 0, msg: 'Mobile is not a valid mobile number' });

    const res = await api().post('/api/user/checkIn', { tab: 'register', registerType: 'mobile', username: 'mobileuser', password: 'Secret-123', mobile: '13912345678', captcha: code });
    expect(res.body).toMatchObject({ code: 1, data: { userInfo: { username: 'mobileuser', mobile: '13912345678', email: '' } } });
    await memberLogin(t, '13912345678', 'Secret-123');
  });

  it('validates the sign-up form', async () => {
    expect((await register({ username: '1bad', email: 'x@example.com', captcha: '123456' })).body).toMatchObject({ code: 0, msg: expect.stringMatching(/^Username must be 3 to 15 characters/) });
    expect((await register({ username: 'good', email: 'x@example.com', captcha: '123456', password: 'a<b' })).body).toMatchObject({ code: 0, msg: expect.stringMatching(/^Password must be 6 to 32/) });
    expect((await register({ username: 'good', captcha: '123456' })).body).toMatchObject({ code: 0, msg: 'Please enter E-mail' });
    expect((await register({ username: 'good', email: 'x@example.com' })).body).toMatchObject({ code: 0, msg: 'Please enter Verification code' });
    expect((await api().post('/api/user/checkIn', { tab: 'nothing' })).body).toMatchObject({ code: 0, msg: 'Unknown operation' });
    await createMember(t, { username: 'taken' });
    expect((await register({ username: 'taken', email: 'x@example.com', captcha: '123456' })).body).toMatchObject({ code: 0, msg: 'The username is already taken' });
  });

  it('asks for the click captcha before sending a code when the captcha is on', async () => {
    process.env.LOGIN_CAPTCHA = '1';
    try {
      expect((await sendMail('cap@example.com')).body).toMatchObject({ code: 0, msg: 'Please complete the captcha' });
      const captchaId = randomUUID();
      const info = await solvedCaptcha(t, captchaId);
      expect((await sendMail('cap@example.com', 'user_register', { captchaId, captchaInfo: '1,1-2,2;350;200' })).body).toMatchObject({ code: 0, msg: 'Captcha error' });
      const secondId = randomUUID();
      const answer = await solvedCaptcha(t, secondId);
      expect((await sendMail('cap@example.com', 'user_register', { captchaId: secondId, captchaInfo: answer })).body.code).toBe(1);
      // the captcha is used up
      expect((await sendMail('cap2@example.com', 'user_register', { captchaId: secondId, captchaInfo: answer })).body).toMatchObject({ code: 0, msg: 'Captcha error' });
      expect(info).toBeTruthy();
    } finally {
      process.env.LOGIN_CAPTCHA = '0';
    }
  });
});
