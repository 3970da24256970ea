import { UserGroupEntity } from '../../src/modules/accounts/member/persistence/user-group.entity';
import { UserRuleEntity } from '../../src/modules/accounts/member/persistence/user-rule.entity';
import { TestApp } from '../setup/create-test-app';
import { as, login } from '../support/api';
import { Mailbox } from '../support/mailbox';
import { ageCodes, anonymous, asMember, createMember, latestSmsCode, MEMBER_PASSWORD, memberLogin, MemberSession } from '../support/member';
import { memberSpec } from '../support/member-spec';

/** The member's own account: profile, password, bindings, retrieve password, overview and the logs. */
describe('member account', () => {
  let t: TestApp;
  const mailbox = new Mailbox();
  let alice: MemberSession;
  let aliceId: number;

  // the mailbox before the app, the mail settings before each reset (hooks run in the order written)
  beforeAll(() => mailbox.start());
  beforeEach(() => {
    process.env.SMTP_URL = mailbox.url;
    process.env.SMS_DRIVER = 'database';
    mailbox.clear();
  });
  memberSpec({ member: { username: 'alice', email: 'alice@example.com' }, ready: (fixture) => ({ t, memberId: aliceId, member: alice } = fixture) });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    delete process.env.SMS_DRIVER;
    await mailbox.stop();
  });

  const me = () => asMember(t, alice);

  it('needs a signed-in member for every account action except retrievePassword', async () => {
    const api = anonymous(t);
    for (const [method, url] of [
      ['get', '/api/account/overview'],
      ['get', '/api/account/profile'],
      ['post', '/api/account/profile'],
      ['post', '/api/account/verification'],
      ['post', '/api/account/changeBind'],
      ['post', '/api/account/changePassword'],
      ['get', '/api/account/balance'],
      ['get', '/api/account/integral'],
    ] as const) {
      const res = method === 'get' ? await api.get(url) : await api.post(url, {});
      expect({ url, body: res.body }).toMatchObject({ url, body: { code: 302, data: { routePath: '/user/login' } } });
    }
    expect((await api.post('/api/account/retrievePassword', {})).body).toMatchObject({ code: 0, msg: 'Please enter Type' });
  });

  it('reads and saves the profile; username stays unique; only profile fields are written', async () => {
    await createMember(t, { username: 'bob' });
    const read = await me().get('/api/account/profile');
    expect(read.body).toMatchObject({ code: 1, data: { accountVerificationType: ['email', 'mobile'], userInfo: { username: 'alice', money: '0.00' } } });

    const saved = await me().post('/api/account/profile', {
      id: 999,
      username: 'alice2',
      nickname: '爱丽丝',
      gender: 2,
      birthday: '1990-05-06',
      motto: 'Stock is truth',
      avatar: '/storage/avatar/a.png',
      money: '1000.00',
      email: 'hijack@example.com',
    });
    expect(saved.body).toMatchObject({
      code: 1,
      msg: 'Data updated successfully~',
      data: { userInfo: { id: aliceId, username: 'alice2', nickname: '爱丽丝', gender: 2, birthday: '1990-05-06', motto: 'Stock is truth', avatar: '/storage/avatar/a.png', money: '0.00', email: 'alice@example.com' } },
    });
    expect((await me().post('/api/account/profile', { username: 'bob', nickname: 'x' })).body).toMatchObject({ code: 0, msg: 'The username is already taken' });
    expect((await me().post('/api/account/profile', { username: 'alice2', nickname: '' })).body).toMatchObject({ code: 0, msg: 'Please enter Nickname' });
    expect((await me().post('/api/account/profile', { username: 'alice2', nickname: 'a', birthday: '1990-02-30' })).body).toMatchObject({ code: 0, msg: 'Birthday must be a date (YYYY-MM-DD)' });
    expect((await me().post('/api/account/profile', { username: 'alice2', nickname: 'a', gender: 5 })).body).toMatchObject({ code: 0, msg: 'Gender has an invalid value' });
    // clearing the birthday
    expect((await me().post('/api/account/profile', { username: 'alice2', nickname: 'a', birthday: '' })).body.data.userInfo.birthday).toBe('');
  });

  it('changes the password: the old one must match, other sessions end, this one stays', async () => {
    const other = await memberLogin(t, 'alice');
    expect((await me().post('/api/account/changePassword', { oldPassword: 'nope-nope', newPassword: 'Next-Pass-2' })).body).toMatchObject({ code: 0, msg: 'Old password error' });
    expect((await me().post('/api/account/changePassword', { oldPassword: MEMBER_PASSWORD, newPassword: '12' })).body.code).toBe(0);
    const ok = await me().post('/api/account/changePassword', { oldPassword: MEMBER_PASSWORD, newPassword: 'Next-Pass-2' });
    expect(ok.body).toMatchObject({ code: 1 });
    expect((await me().get('/api/user/index')).body.code).toBe(1);
    expect((await asMember(t, other).get('/api/user/index')).body.code).toBe(302);
    expect((await anonymous(t).post('/api/common/refreshToken', { refreshToken: other.refreshToken })).body.code).toBe(0);
    await expect(memberLogin(t, 'alice')).rejects.toThrow();
    await memberLogin(t, 'alice', 'Next-Pass-2');
  });

  it('rebinds the e-mail: a code to the current address buys a pass, then a code to the new address', async () => {
    // without the pass
    expect((await me().post('/api/Ems/send', { email: 'new@example.com', event: 'user_change_email' })).body.code).toBe(1);
    const newCode = await mailbox.codeFor('new@example.com');
    expect((await me().post('/api/account/changeBind', { type: 'email', email: 'new@example.com', captcha: newCode })).body).toMatchObject({
      code: 0,
      msg: 'You need to verify your account before modifying the binding information',
    });
    expect((await me().post('/api/account/changeBind', { type: 'email', email: 'new@example.com', captcha: newCode, accountVerificationToken: 'forged' })).body).toMatchObject({
      code: 0,
      msg: 'You need to verify your account before modifying the binding information',
    });

    // the pass
    expect((await me().post('/api/Ems/send', { email: 'alice@example.com', event: 'user_email_verify' })).body.code).toBe(1);
    const verifyCode = await mailbox.codeFor('alice@example.com');
    expect((await me().post('/api/account/verification', { type: 'email', captcha: '000000' === verifyCode ? '111111' : '000000' })).body).toMatchObject({
      code: 0,
      msg: 'Please enter the correct verification code',
    });
    const pass = await me().post('/api/account/verification', { type: 'email', captcha: verifyCode });
    expect(pass.body).toMatchObject({ code: 1, data: { type: 'email' } });
    const token = pass.body.data.accountVerificationToken;
    expect((await me().post('/api/account/verification', { type: 'email', captcha: verifyCode })).body.code).toBe(0);

    const bound = await me().post('/api/account/changeBind', { type: 'email', email: 'new@example.com', captcha: newCode, accountVerificationToken: token });
    expect(bound.body).toMatchObject({ code: 1, data: { userInfo: { email: 'new@example.com' } } });
    // the pass and the code are used up
    expect((await me().post('/api/account/changeBind', { type: 'email', email: 'new@example.com', captcha: newCode, accountVerificationToken: token })).body.code).toBe(0);
    await memberLogin(t, 'new@example.com');
  });

  it('binds a first mobile with the password, refuses a taken one and an expired pass', async () => {
    await createMember(t, { username: 'bob', mobile: '13800000002' });
    expect((await me().post('/api/Sms/send', { mobile: '13800000002', template_code: 'user_change_mobile' })).body).toMatchObject({ code: 0, msg: 'This mobile number is already registered' });
    expect((await me().post('/api/Sms/send', { mobile: '13800000003', template_code: 'user_change_mobile' })).body.code).toBe(1);
    const code = await latestSmsCode(t, '13800000003');
    expect((await me().post('/api/account/changeBind', { type: 'mobile', mobile: '13800000003', captcha: code, password: 'wrong-pass' })).body).toMatchObject({ code: 0, msg: 'Password error' });
    const bound = await me().post('/api/account/changeBind', { type: 'mobile', mobile: '13800000003', captcha: code, password: MEMBER_PASSWORD });
    expect(bound.body).toMatchObject({ code: 1, data: { userInfo: { mobile: '13800000003' } } });

    // now bound: changing it needs a pass; an expired pass is refused
    await ageCodes(t, 61);
    expect((await me().post('/api/Sms/send', { mobile: '13800000003', template_code: 'user_mobile_verify' })).body.code).toBe(1);
    const pass = await me().post('/api/account/verification', { type: 'mobile', captcha: await latestSmsCode(t, '13800000003') });
    expect(pass.body.code).toBe(1);
    await t.dataSource.query("UPDATE token SET expiretime = 1 WHERE type = 'mobile-pass'");
    expect((await me().post('/api/Sms/send', { mobile: '13800000004', template_code: 'user_change_mobile' })).body.code).toBe(1);
    const next = await latestSmsCode(t, '13800000004');
    expect((await me().post('/api/account/changeBind', { type: 'mobile', mobile: '13800000004', captcha: next, accountVerificationToken: pass.body.data.accountVerificationToken })).body).toMatchObject({
      code: 0,
      msg: 'You need to verify your account before modifying the binding information',
    });
  });

  it('retrieves a forgotten password with an e-mail code and signs the member out everywhere', async () => {
    const api = anonymous(t);
    expect((await api.post('/api/Ems/send', { email: 'alice@example.com', event: 'user_retrieve_pwd' })).body.code).toBe(1);
    const code = await mailbox.codeFor('alice@example.com');
    expect((await api.post('/api/account/retrievePassword', { type: 'email', account: 'nobody@example.com', captcha: code, password: 'Fresh-Pass-3' })).body).toMatchObject({
      code: 0,
      msg: 'Please enter the correct verification code',
    });
    expect((await api.post('/api/account/retrievePassword', { type: 'email', account: 'alice@example.com', captcha: 'abcdef', password: 'Fresh-Pass-3' })).body).toMatchObject({
      code: 0,
      msg: 'Please enter the correct verification code',
    });
    const ok = await api.post('/api/account/retrievePassword', { type: 'email', account: 'alice@example.com', captcha: code, password: 'Fresh-Pass-3' });
    expect(ok.body).toMatchObject({ code: 1, msg: 'Password has been changed~' });
    expect((await me().get('/api/user/index')).body.code).toBe(302);
    expect((await api.post('/api/account/retrievePassword', { type: 'email', account: 'alice@example.com', captcha: code, password: 'Other-Pass-4' })).body.code).toBe(0);
    await memberLogin(t, 'alice', 'Fresh-Pass-3');
  });

  it('shows seven days of score and money changes in the site time zone, and the logs page by page', async () => {
    const admin = await login(t);
    await as(t, admin).post('/admin/user.MoneyLog/add', { user_id: aliceId, money: '10.50', memo: 'top-up' });
    await as(t, admin).post('/admin/user.MoneyLog/add', { user_id: aliceId, money: '-0.25', memo: 'fee' });
    await as(t, admin).post('/admin/user.ScoreLog/add', { user_id: aliceId, score: 30, memo: 'welcome' });
    // an old change (8 days ago) is outside the window
    await t.dataSource.query('INSERT INTO user_score_log (user_id, score, `before`, `after`, memo, createtime) VALUES (?, ?, ?, ?, ?, ?)', [aliceId, 5, 0, 5, 'old', Math.floor(Date.now() / 1000) - 8 * 86400]);

    const overview = await me().get('/api/account/overview');
    expect(overview.body.code).toBe(1);
    const { days, score, money } = overview.body.data;
    expect(days).toHaveLength(7);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    expect(days[6]).toBe(today);
    expect(score).toEqual([0, 0, 0, 0, 0, 0, 30]);
    expect(money).toEqual(['0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '10.25']);

    const balance = await me().get('/api/account/balance?page=1&limit=1');
    expect(balance.body).toMatchObject({ code: 1, data: { total: 2, list: [{ money: '-0.25', before: '10.50', after: '10.25', memo: 'fee', user_id: aliceId }] } });
    expect((await me().get('/api/account/balance?page=2&limit=1')).body.data.list[0]).toMatchObject({ money: '10.50', before: '0.00', after: '10.50' });
    const integral = await me().get('/api/account/integral');
    expect(integral.body).toMatchObject({ code: 1, data: { total: 2, list: [{ score: 5, memo: 'old' }, { score: 30, before: 0, after: 30 }] } });
    // (newest first by log id: the row written by hand above came last)
    expect((await me().get('/api/user/index')).body.data.userInfo).toMatchObject({ money: '10.25', score: 30 });
    // another member's logs are not mine
    await createMember(t, { username: 'bob' });
    expect((await asMember(t, await memberLogin(t, 'bob')).get('/api/account/balance')).body.data).toEqual({ list: [], total: 0 });
  });

  it('checks account actions against the member group rules; the menus follow them', async () => {
    const rules = await t.dataSource.getRepository(UserRuleEntity).find();
    const ids = (names: string[]) => rules.filter((r) => names.includes(r.name)).map((r) => r.id).join(',');
    const limited = await t.dataSource.getRepository(UserGroupEntity).insert({ name: 'limited', rules: ids(['account', 'account/profile']), status: 1, createtime: 0, updatetime: 0 });
    const groupId = limited.identifiers[0].id as number;
    await createMember(t, { username: 'carol', groupId });
    const carol = asMember(t, await memberLogin(t, 'carol'));
    expect((await carol.get('/api/account/profile')).body.code).toBe(1);
    expect((await carol.get('/api/account/overview')).body).toMatchObject({ code: 401, msg: 'You have no permission!' });
    expect((await carol.get('/api/account/balance')).body.code).toBe(401);
    expect((await carol.post('/api/account/changePassword', { oldPassword: MEMBER_PASSWORD, newPassword: 'Other-Pass-5' })).body.code).toBe(401);
    // login-only actions need no rule
    expect((await carol.post('/api/account/verification', { type: 'email', captcha: '123456' })).body).toMatchObject({ code: 0, msg: 'Please enter the correct verification code' });
    const menus = (await carol.get('/api/user/index')).body.data.menus;
    expect(menus[0].children.map((c: { name: string }) => c.name)).toEqual(['account/profile']);

    // a disabled group leaves the member without rights
    await t.dataSource.query('UPDATE user_group SET status = 0 WHERE id = ?', [groupId]);
    expect((await carol.get('/api/account/profile')).body.code).toBe(401);
    expect((await carol.get('/api/user/index')).body.data.menus).toEqual([]);
  });
});
