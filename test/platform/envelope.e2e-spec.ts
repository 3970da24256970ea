import request from 'supertest';
import { TestApp } from '../setup/create-test-app';
import { publicSpec } from '../support/public-spec';

describe('the envelope on failures the kernel answers itself', () => {
  let t: TestApp;
  publicSpec({ reset: 'never', ready: (fixture) => ({ t } = fixture) });

  it('answers an unknown route with HTTP 404 and a translated envelope', async () => {
    const res = await request(t.app.getHttpServer()).get('/admin/nothing.Here/index').set('think-lang', 'en');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 0, msg: 'The requested address does not exist!', time: expect.any(Number), data: null });
  });

  it('answers in zh-cn by default and in the language of the lang query parameter', async () => {
    const zh = await request(t.app.getHttpServer()).get('/api/nothing/here');
    expect(zh.body.msg).toBe('请求的地址不存在！');
    const en = await request(t.app.getHttpServer()).get('/api/nothing/here?lang=en');
    expect(en.body.msg).toBe('The requested address does not exist!');
  });

  it('answers malformed JSON with HTTP 400 and no parser text', async () => {
    const res = await request(t.app.getHttpServer())
      .post('/api/nothing/here')
      .set('content-type', 'application/json')
      .set('think-lang', 'en')
      .send('{"broken":');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 0, msg: 'Incorrect parameter!', time: expect.any(Number), data: null });
  });
});

describe('the OpenAPI description', () => {
  let t: TestApp;
  publicSpec({ reset: 'never', ready: (fixture) => ({ t } = fixture) });

  it('lists the routes at /api-docs-json and serves its page at /api-docs', async () => {
    const json = await request(t.app.getHttpServer()).get('/api-docs-json');
    expect(json.status).toBe(200);
    expect(Object.keys(json.body.paths)).toEqual(expect.arrayContaining(['/admin/index/login', '/admin/auth.admin/index', '/api/common/refreshToken']));
    expect((await request(t.app.getHttpServer()).get('/api-docs')).text).toContain('swagger');
  });
});
