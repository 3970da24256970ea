import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Logger } from '@nestjs/common';
import { aliyunSignature } from '../../src/modules/platform/messaging/sms/aliyun-signature';
import { tc3Authorization } from '../../src/modules/platform/messaging/sms/tencent-signature';
import { createTestApp, TestApp } from '../setup/create-test-app';
import { as, login, Session } from '../support/api';
import { anonymous } from '../support/member';

const SECRET = 'Provider-Secret-Do-Not-Leak';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
  verified: boolean;
}

/**
 * A loopback stand-in for a provider's SMS endpoint: it checks the request's signature with the provider's
 * documented algorithm and the known secret, and answers as the provider does (success, or an error).
 */
class ProviderStandIn {
  readonly received: Received[] = [];
  fail: string | null = null;
  private server?: Server;
  port = 0;

  constructor(private readonly verify: (request: IncomingMessage, body: string) => boolean, private readonly answer: (ok: boolean, fail: string | null) => object) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}/`;
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const verified = this.verify(request, body);
        this.received.push({ headers: request.headers, body, verified });
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(this.answer(verified, this.fail)));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server!.address() as AddressInfo).port;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** Alibaba Cloud: the form's Signature must be the HMAC-SHA1 of the other parameters (POST). */
const aliyun = new ProviderStandIn(
  (request, body) => {
    const params = Object.fromEntries(new URLSearchParams(body));
    return request.method === 'POST' && params.Signature === aliyunSignature('POST', params, SECRET) && params.AccessKeyId === 'LTAI-test';
  },
  (ok, fail) => (ok ? (fail ? { Code: fail, Message: 'template not approved', RequestId: 'R-1' } : { Code: 'OK', Message: 'OK', BizId: '1', RequestId: 'R-2' }) : { Code: 'SignatureDoesNotMatch', Message: 'bad signature' }),
);

/** Tencent Cloud: the Authorization header must be the TC3-HMAC-SHA256 of the request (host, body, timestamp). */
const tencent = new ProviderStandIn(
  (request, body) => {
    const timestamp = Number(request.headers['x-tc-timestamp']);
    const expected = tc3Authorization({
      secretId: 'AKID-test',
      secretKey: SECRET,
      service: 'sms',
      host: String(request.headers.host),
      contentType: String(request.headers['content-type']),
      payload: body,
      timestamp,
    });
    return request.headers.authorization === expected && request.headers['x-tc-action'] === 'SendSms' && request.headers['x-tc-version'] === '2021-01-11';
  },
  (ok, fail) =>
    ok
      ? fail
        ? { Response: { Error: { Code: fail, Message: 'the template is not approved' }, RequestId: 'T-1' } }
        : { Response: { SendStatusSet: [{ Code: 'Ok', Message: 'send success', SerialNo: '1' }], RequestId: 'T-2' } }
      : { Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'bad signature' }, RequestId: 'T-3' } },
);

/** Message templates (routine.MessageTemplate) and the two SMS providers behind `Sms/send`. */
describe('message templates and SMS providers', () => {
  let t: TestApp;
  let session: Session;
  const warnings: string[] = [];

  // the stand-ins are on loopback over http: only the development setting lets provider calls reach them
  const allowBefore = process.env.OUTBOUND_ALLOW_PRIVATE;
  beforeAll(async () => {
    process.env.OUTBOUND_ALLOW_PRIVATE = '1';
    t = await createTestApp();
    await aliyun.start();
    await tencent.start();
    jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => void warnings.push(String(message)));
  });
  beforeEach(async () => {
    await t.reset();
    session = await login(t);
    aliyun.received.length = 0;
    tencent.received.length = 0;
    aliyun.fail = tencent.fail = null;
    warnings.length = 0;
  });
  afterAll(async () => {
    process.env.OUTBOUND_ALLOW_PRIVATE = allowBefore;
    await aliyun.stop();
    await tencent.stop();
    await t.close();
  });

  const admin = () => as(t, session);
  const templateOf = async (event: string, channel: string, lang = 'zh-cn') =>
    (await admin().get(`/admin/routine.MessageTemplate/index?event=${event}&channel=${channel}&lang=${lang}`)).body.data.list[0];
  const configure = async (values: Record<string, string>) => {
    const res = await admin().post('/admin/routine.Config/edit', values);
    expect(res.body.code).toBe(1);
  };
  const sendCode = (mobile: string, lang = 'zh-cn') => anonymous(t).post('/api/Sms/send', { mobile, template_code: 'user_register' }).set('think-lang', lang);

  it('lists the built-in templates of every event in both languages and refuses unknown variables', async () => {
    const list = (await admin().get('/admin/routine.MessageTemplate/index?limit=100')).body.data;
    expect(list.total).toBe(20);
    const register = await templateOf('user_register', 'email');
    expect(register).toMatchObject({ title: '{site}：您的验证码 {code}', status: 1 });
    const unknown = await admin().post('/admin/routine.MessageTemplate/edit', { id: register.id, content: 'Your code {code} for {product}' });
    expect(unknown.body).toMatchObject({ code: 0, msg: 'The template uses {product}, which this event does not offer (available: {site}, {code}, {minutes})' });
    const zh = await admin().post('/admin/routine.MessageTemplate/edit', { id: register.id, title: '{who} 的验证码' }).set('think-lang', 'zh-cn');
    expect(zh.body).toMatchObject({ code: 0, msg: '模板使用了 {who}，该事件不提供这个变量（可用：{site}, {code}, {minutes}）' });
    const registerSms = await templateOf('user_register', 'sms');
    expect((await admin().post('/admin/routine.MessageTemplate/edit', { id: registerSms.id, content: 'No code here' })).body).toMatchObject({
      code: 0,
      msg: 'The template must contain {code}: without it the message would not carry the code',
    });
    expect((await admin().post('/admin/routine.MessageTemplate/edit', { id: register.id, title: 'a\nb' })).body.msg).toBe('The e-mail subject must be one line');
    const notice = await templateOf('notice', 'sms');
    expect((await admin().post('/admin/routine.MessageTemplate/edit', { id: notice.id, template_code: 'bad code!' })).body.msg).toBe(
      'The provider template code may only hold letters, digits, _ and - (up to 64)',
    );
    // nothing can be added or deleted
    expect((await admin().post('/admin/routine.MessageTemplate/add', { event: 'x' })).status).toBe(404);
    expect((await admin().get('/admin/routine.MessageTemplate/index?limit=100')).body.data.total).toBe(20);
    expect((await admin().get('/admin/routine.MessageTemplate/export')).text).toContain('Sign-up code');
  });

  it('sends codes with the edited template through the development driver', async () => {
    process.env.SMS_DRIVER = 'database';
    try {
      const sms = await templateOf('user_register', 'sms');
      expect((await admin().post('/admin/routine.MessageTemplate/edit', { id: sms.id, content: '【{site}】注册码 {code}（{minutes} 分钟）' })).body.code).toBe(1);
      expect((await sendCode('13800000001')).body).toMatchObject({ code: 1 });
      const [row] = await t.dataSource.query('SELECT content FROM sms_message WHERE mobile = ?', ['13800000001']);
      expect(row.content).toMatch(/^【仓库管理系统】注册码 \d{6}（10 分钟）$/);
      // English callers get the English template, with the seeded site name in English
      await sendCode('13800000002', 'en');
      const [en] = await t.dataSource.query('SELECT content FROM sms_message WHERE mobile = ?', ['13800000002']);
      expect(en.content).toMatch(/^\[Warehouse Management System\] Your code to sign up is \d{6}, valid for 10 minutes/);
      // a template switched off falls back to the built-in text
      await admin().post('/admin/routine.MessageTemplate/edit', { id: sms.id, status: 0 });
      await sendCode('13800000003');
      const [fallback] = await t.dataSource.query('SELECT content FROM sms_message WHERE mobile = ?', ['13800000003']);
      expect(fallback.content).toMatch(/^【仓库管理系统】您正在注册账号，验证码 \d{6}，10 分钟内有效/);
    } finally {
      delete process.env.SMS_DRIVER;
    }
  });

  it('sends through Alibaba Cloud SMS with a verified signature, the template code and its variables', async () => {
    expect((await sendCode('13800000010')).body).toMatchObject({ code: 0, msg: '短信发送未开启' });
    const sms = await templateOf('user_register', 'sms');
    await admin().post('/admin/routine.MessageTemplate/edit', { id: sms.id, template_code: 'SMS_154950909' });
    await configure({ sms_driver: 'aliyun', sms_access_key_id: 'LTAI-test', sms_access_key_secret: SECRET, sms_sign_name: '仓库', sms_endpoint: aliyun.url });
    // the secret is never answered
    expect(JSON.stringify((await admin().get('/admin/routine.Config/index')).body)).not.toContain(SECRET);

    expect((await sendCode('13800000011')).body).toMatchObject({ code: 1 });
    expect(aliyun.received).toHaveLength(1);
    const params = Object.fromEntries(new URLSearchParams(aliyun.received[0].body));
    expect(aliyun.received[0].verified).toBe(true);
    expect(params).toMatchObject({ Action: 'SendSms', Version: '2017-05-25', PhoneNumbers: '13800000011', SignName: '仓库', TemplateCode: 'SMS_154950909', RegionId: 'cn-hangzhou', Format: 'JSON' });
    const variables = JSON.parse(params.TemplateParam);
    expect(Object.keys(variables).sort()).toEqual(['code', 'minutes', 'site']);
    expect(variables.code).toMatch(/^\d{6}$/);

    // the provider refuses: a translated, generic answer; the detail is logged without the secret
    aliyun.fail = 'isv.SMS_TEMPLATE_ILLEGAL';
    const refused = await sendCode('13800000012');
    expect(refused.body).toMatchObject({ code: 0, msg: '短信发送失败，请稍后再试' });
    expect(warnings.join('\n')).toContain('isv.SMS_TEMPLATE_ILLEGAL');
    expect(warnings.join('\n')).not.toContain(SECRET);
    // the code was taken back: the member may ask again at once
    aliyun.fail = null;
    expect((await sendCode('13800000012')).body.code).toBe(1);

    // a wrong secret fails the signature check of the stand-in
    await configure({ sms_access_key_secret: 'wrong' });
    expect((await sendCode('13800000013')).body.code).toBe(0);
    expect(aliyun.received.at(-1)!.verified).toBe(false);
    expect(warnings.join('\n')).toContain('SignatureDoesNotMatch');
  });

  it('sends through Tencent Cloud SMS with a verified TC3 signature and the variables in order', async () => {
    const sms = await templateOf('user_register', 'sms');
    await admin().post('/admin/routine.MessageTemplate/edit', { id: sms.id, template_code: '1110', content: '{code} 是您的注册验证码，{minutes} 分钟内有效' });
    await configure({ sms_driver: 'tencent', sms_access_key_id: 'AKID-test', sms_access_key_secret: SECRET, sms_sign_name: '仓库', sms_endpoint: tencent.url });
    // the SDK app id is missing: SMS counts as off
    expect((await sendCode('13800000020')).body).toMatchObject({ code: 0, msg: '短信发送未开启' });
    await configure({ sms_sdk_app_id: '1400006666', sms_region: 'ap-beijing' });

    expect((await sendCode('13800000021')).body).toMatchObject({ code: 1 });
    const request = tencent.received.at(-1)!;
    expect(request.verified).toBe(true);
    expect(request.headers['x-tc-region']).toBe('ap-beijing');
    const payload = JSON.parse(request.body);
    expect(payload).toMatchObject({ PhoneNumberSet: ['+8613800000021'], SmsSdkAppId: '1400006666', SignName: '仓库', TemplateId: '1110' });
    expect(payload.TemplateParamSet).toHaveLength(2);
    expect(payload.TemplateParamSet[0]).toMatch(/^\d{6}$/);
    expect(payload.TemplateParamSet[1]).toBe('10');

    tencent.fail = 'FailedOperation.TemplateIncorrectOrUnapproved';
    expect((await sendCode('13800000022')).body).toMatchObject({ code: 0, msg: '短信发送失败，请稍后再试' });
    expect(warnings.join('\n')).toContain('FailedOperation.TemplateIncorrectOrUnapproved');
    expect(warnings.join('\n')).not.toContain(SECRET);

    // an event template without a provider template code cannot be sent by a provider
    tencent.fail = null;
    await admin().post('/admin/routine.MessageTemplate/edit', { id: sms.id, template_code: '' });
    expect((await sendCode('13800000023')).body.code).toBe(0);
    expect(warnings.join('\n')).toContain('NoTemplateCode');
  });

  it('reaches no provider address on loopback or a private network without OUTBOUND_ALLOW_PRIVATE, and follows no redirect', async () => {
    const sms = await templateOf('user_register', 'sms');
    await admin().post('/admin/routine.MessageTemplate/edit', { id: sms.id, template_code: 'SMS_154950909' });
    await configure({ sms_driver: 'aliyun', sms_access_key_id: 'LTAI-test', sms_access_key_secret: SECRET, sms_sign_name: '仓库', sms_endpoint: aliyun.url });
    // a stand-in that answers every call with a redirect to the real stand-in
    const redirector = createServer((_request, response) => {
      response.writeHead(302, { location: aliyun.url });
      response.end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    const redirect = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}/`;
    let mobile = 13800000030;
    const refused = async (endpoint: string, reason: string) => {
      await configure({ sms_endpoint: endpoint });
      warnings.length = 0;
      expect({ endpoint, answer: (await sendCode(String(mobile++))).body }).toMatchObject({ endpoint, answer: { code: 0, msg: '短信发送失败，请稍后再试' } });
      expect({ endpoint, log: warnings.join('\n') }).toMatchObject({ endpoint, log: expect.stringContaining(`OutboundRefused outgoing call refused (${reason})`) });
    };
    try {
      delete process.env.OUTBOUND_ALLOW_PRIVATE;
      await refused(aliyun.url, 'scheme');
      await refused(aliyun.url.replace('http:', 'https:'), 'private-address');
      await refused(`https://localhost:${aliyun.port}/`, 'private-address');
      await refused(`https://[::1]:${aliyun.port}/`, 'private-address');
      await refused(`https://[::ffff:127.0.0.1]:${aliyun.port}/`, 'private-address');
      await refused('https://10.0.0.1/', 'private-address');
      await refused('https://169.254.169.254/', 'private-address');
      // with the setting, the redirect's target was not checked: the call is refused, not sent on
      process.env.OUTBOUND_ALLOW_PRIVATE = '1';
      await refused(redirect, 'redirect');
      expect(aliyun.received).toHaveLength(0);
      // and the same settings reach the stand-in itself
      await configure({ sms_endpoint: aliyun.url });
      expect((await sendCode(String(mobile++))).body.code).toBe(1);
      expect(aliyun.received).toHaveLength(1);
    } finally {
      process.env.OUTBOUND_ALLOW_PRIVATE = '1';
      await new Promise((resolve) => redirector.close(resolve));
    }
  });
});
