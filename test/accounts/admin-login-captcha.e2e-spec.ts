import { randomUUID } from 'node:crypto';
import { TEST_ADMIN_PASSWORD, TestApp } from '../setup/create-test-app';
import { http } from '../support/api';
import { solvedCaptcha } from '../support/captcha';
import { publicSpec } from '../support/public-spec';

describe('admin sign-in with the click captcha on (LOGIN_CAPTCHA=1)', () => {
  let t: TestApp;
  const before = process.env.LOGIN_CAPTCHA;
  // before the app starts: it reads the setting at start-up
  beforeAll(() => {
    process.env.LOGIN_CAPTCHA = '1';
  });
  publicSpec({ ready: (fixture) => ({ t } = fixture) });
  afterAll(() => {
    process.env.LOGIN_CAPTCHA = before;
  });

  const login = (extra: object) => http(t).post('/admin/index/login').set('think-lang', 'en').send({ username: 'admin', password: TEST_ADMIN_PASSWORD, ...extra });

  it('says a captcha is needed and refuses a sign-in without one', async () => {
    expect((await http(t).get('/admin/index/login')).body.data).toEqual({ captcha: true });
    expect((await login({})).body).toMatchObject({ code: 0, msg: 'Please complete the captcha' });
    // the empty fields the framework's client sends count as none
    expect((await login({ captchaId: '', captchaInfo: '' })).body).toMatchObject({ code: 0, msg: 'Please complete the captcha' });
  });

  it('signs in after the captcha is pre-checked (unset=false) and consumes it', async () => {
    const captchaId = randomUUID();
    const captchaInfo = await solvedCaptcha(t, captchaId);
    const precheck = await http(t).post('/api/common/checkClickCaptcha').send({ id: captchaId, info: captchaInfo, unset: false });
    expect(precheck.body.code).toBe(1);
    expect((await login({ captchaId, captchaInfo })).body.code).toBe(1);
    // Consumed by the sign-in: the same answer cannot sign in again.
    expect((await login({ captchaId, captchaInfo })).body).toMatchObject({ code: 0, msg: 'Captcha error' });
  });

  it('refuses wrong clicks without counting them as password failures', async () => {
    const captchaId = randomUUID();
    await solvedCaptcha(t, captchaId);
    expect((await login({ captchaId, captchaInfo: '1,1-2,2;350;200' })).body).toMatchObject({ code: 0, msg: 'Captcha error' });
    const [admin] = await t.dataSource.query('SELECT login_failure FROM admin WHERE id = 1');
    expect(Number(admin.login_failure)).toBe(0);
  });
});
