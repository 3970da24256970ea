import { createTestApp, TestApp } from '../setup/create-test-app';
import { as, http, login, Session } from '../support/api';
import { anonymous, asMember, createMember, MEMBER_PASSWORD } from '../support/member';
import { StandInProvider } from '../support/oauth-provider';

type Row = Record<string, any>;

/**
 * Third-party sign-in against a stand-in provider on loopback (test/support/oauth-provider.ts): providers in
 * the back office (the client secret never answered), the authorization code flow with PKCE S256, a
 * single-use state and an OpenID Connect nonce, the id_token verified by the site (issuer, audience, expiry,
 * nonce, signature), sign-in of a linked member, registration, binding an existing account, the member's
 * linked accounts, and the log of every attempt.
 */
describe('third-party sign-in', () => {
  let t: TestApp;
  let admin: Session;
  let idp: StandInProvider;
  let memberId: number;
  const allowPrivate = process.env.OUTBOUND_ALLOW_PRIVATE;

  const addProvider = async (fields: Row): Promise<Row> => {
    const res = await as(t, admin).post('/admin/user.OauthProvider/add', { client_id: idp.clientId, client_secret: idp.clientSecret, status: 1, ...fields });
    if (res.body.code !== 1) throw new Error(JSON.stringify(res.body));
    return res.body.data;
  };
  const oidc = (register = 0) => addProvider({ name: 'Stand-in OIDC', type: 1, issuer: idp.issuer, register });
  const oauth2 = (register = 0) =>
    addProvider({ name: 'Stand-in OAuth2', type: 2, authorize_url: `${idp.issuer}/authorize`, token_url: `${idp.issuer}/token`, userinfo_url: `${idp.issuer}/userinfo`, id_field: 'id', scopes: 'read:user', register });

  /** The member's browser: asks the site for the provider's URL, lets the provider consent, and comes back with code and state. */
  const consent = async (providerId: number, options: { redirect?: string; token?: string } = {}) => {
    const ask = http(t).get('/api/oauth/authorize').query({ provider: providerId, redirect: options.redirect ?? '/user/overview' }).set('think-lang', 'en');
    const res = options.token ? await ask.set('ba-user-token', options.token) : await ask;
    expect(res.body).toMatchObject({ code: 1 });
    const page = await fetch(res.body.data.url, { redirect: 'manual' });
    expect(page.status).toBe(302);
    const back = new URL(page.headers.get('location')!);
    return { url: new URL(res.body.data.url), back, code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
  };
  const callback = (code: string, state: string, token?: string) => {
    const req = http(t).get('/api/oauth/callback').query({ code, state }).set('think-lang', 'en');
    return token ? req.set('ba-user-token', token) : req;
  };
  const links = async (): Promise<Row[]> => t.dataSource.query('SELECT user_id, provider_id, subject FROM user_oauth ORDER BY id');
  const logRows = async (): Promise<Row[]> => t.dataSource.query('SELECT provider_id, user_id, action, result, reason FROM oauth_log ORDER BY id');

  beforeAll(async () => {
    process.env.OUTBOUND_ALLOW_PRIVATE = '1';
    t = await createTestApp();
    idp = await new StandInProvider().start();
  });
  beforeEach(async () => {
    process.env.OUTBOUND_ALLOW_PRIVATE = '1';
    await t.reset();
    admin = await login(t);
    memberId = await createMember(t, { username: 'alice' });
    idp.subject = 'alice-001';
    idp.forge = {};
  });
  afterAll(async () => {
    if (allowPrivate === undefined) delete process.env.OUTBOUND_ALLOW_PRIVATE;
    else process.env.OUTBOUND_ALLOW_PRIVATE = allowPrivate;
    await idp.stop();
    await t.close();
  });

  describe('providers in the back office', () => {
    it('needs an admin with the rule, and never answers the client secret', async () => {
      expect((await anonymous(t).get('/admin/user.OauthProvider/index')).body.code).not.toBe(1);
      const row = await oidc();
      expect(row).not.toHaveProperty('client_secret');
      const list = (await as(t, admin).get('/admin/user.OauthProvider/index')).body.data.list;
      expect(list).toHaveLength(1);
      expect(JSON.stringify(list)).not.toContain(idp.clientSecret);
      expect(JSON.stringify((await as(t, admin).get(`/admin/user.OauthProvider/edit?id=${row.id}`)).body.data)).not.toContain(idp.clientSecret);
      // a blank secret on edit keeps the stored one
      const edited = await as(t, admin).post('/admin/user.OauthProvider/edit', { id: row.id, name: 'Renamed', type: 1, issuer: idp.issuer, client_id: idp.clientId, client_secret: '' });
      expect(edited.body).toMatchObject({ code: 1, data: { name: 'Renamed' } });
      const [stored] = await t.dataSource.query('SELECT client_secret FROM oauth_provider WHERE id = ?', [row.id]);
      expect(stored.client_secret).toBe(idp.clientSecret);
    });

    it('refuses a provider without what its type needs, with a translated message', async () => {
      const noIssuer = await as(t, admin).post('/admin/user.OauthProvider/add', { name: 'X', type: 1, client_id: 'c' });
      expect(noIssuer.body.code).toBe(0);
      const noEndpoints = await as(t, admin).post('/admin/user.OauthProvider/add', { name: 'X', type: 2, client_id: 'c', authorize_url: 'https://a.test/x' });
      expect(noEndpoints.body.code).toBe(0);
      const zh = await http(t).post('/admin/user.OauthProvider/add').set('batoken', admin.token).set('think-lang', 'zh-cn').send({ name: 'X', type: 3, client_id: 'c' });
      expect(zh.body.code).toBe(0);
      expect(zh.body.msg).toMatch(/[\u4e00-\u9fff]/);
      expect(await t.dataSource.query('SELECT id FROM oauth_provider')).toEqual([]);
    });
  });

  describe('OpenID Connect', () => {
    it('sends the member to the provider with a code flow, PKCE S256, a state and a nonce, and a site path only', async () => {
      const provider = await oidc();
      const { url, back } = await consent(provider.id, { redirect: '//evil.test/steal' });
      expect(url.origin + url.pathname).toBe(`${idp.issuer}/authorize`);
      const grant = idp.grants[idp.grants.length - 1];
      expect(grant).toMatchObject({ client_id: idp.clientId, code_challenge_method: 'S256' });
      expect(grant.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(grant.nonce.length).toBeGreaterThan(20);
      expect(grant.state.length).toBeGreaterThan(20);
      expect(url.searchParams.get('scope')).toContain('openid');
      expect(back.searchParams.get('oauth_callback')).toBe('1');
      // the state is stored as a hash only, with an expiry
      const [ticket] = await t.dataSource.query('SELECT token_hash, redirect, expire_time FROM oauth_ticket');
      expect(ticket.token_hash).not.toBe(grant.state);
      expect(ticket.redirect).toBe('/user');
    });

    it('binds an existing account with its password, then signs the linked member in directly', async () => {
      const provider = await oidc();
      const first = await consent(provider.id);
      const bindAnswer = await callback(first.code, first.state);
      expect(bindAnswer.body).toMatchObject({ code: 1, data: { provider: 'Stand-in OIDC', nickname: 'Alice Provider' } });
      const bindToken = bindAnswer.body.data.bind_token as string;
      expect(bindToken.length).toBeGreaterThan(20);
      expect(idp.refusals).toEqual([]);

      const wrong = await anonymous(t).post('/api/oauth/bind', { bind_token: bindToken, username: 'alice', password: 'not-it' });
      expect(wrong.body.code).toBe(0);
      expect(await links()).toEqual([]);

      const bound = await anonymous(t).post('/api/oauth/bind', { bind_token: bindToken, username: 'alice', password: MEMBER_PASSWORD });
      expect(bound.body).toMatchObject({ code: 1, data: { userInfo: { id: memberId, username: 'alice' }, routePath: '/user/overview' } });
      expect(bound.body.data.userInfo.token).toBeTruthy();
      expect((await asMember(t, bound.body.data.userInfo.token).get('/api/user/index')).body).toMatchObject({ code: 1, data: { userInfo: { id: memberId } } });
      expect(await links()).toEqual([{ user_id: memberId, provider_id: provider.id, subject: 'alice-001' }]);
      // the bind token was single use
      expect((await anonymous(t).post('/api/oauth/bind', { bind_token: bindToken, username: 'alice', password: MEMBER_PASSWORD })).body.code).toBe(0);

      const again = await consent(provider.id, { redirect: '/user/balance' });
      const signedIn = await callback(again.code, again.state);
      expect(signedIn.body).toMatchObject({ code: 1, data: { userInfo: { id: memberId, username: 'alice' }, routePath: '/user/balance' } });
      expect((await asMember(t, signedIn.body.data.userInfo.token).get('/api/user/index')).body.code).toBe(1);
      expect((await logRows()).map((r) => [r.action, Number(r.result), r.reason, Number(r.user_id)])).toEqual([
        ['callback', 1, 'bind_needed', 0],
        ['bind', 0, 'accounts.wrong_credentials', 0],
        ['bind', 1, 'bound', memberId],
        ['bind', 0, 'oauth.bind_token_invalid', 0],
        ['callback', 1, 'signed_in', memberId],
      ]);
    });

    it('registers a member when the provider allows it', async () => {
      const provider = await oidc(1);
      idp.subject = 'newcomer-9';
      const { code, state } = await consent(provider.id);
      const res = await callback(code, state);
      expect(res.body).toMatchObject({ code: 1, data: { userInfo: { nickname: 'Alice Provider' } } });
      const newId = res.body.data.userInfo.id;
      expect(newId).not.toBe(memberId);
      expect(await links()).toEqual([{ user_id: newId, provider_id: provider.id, subject: 'newcomer-9' }]);
      expect((await asMember(t, res.body.data.userInfo.token).get('/api/user/index')).body.code).toBe(1);
    });

    it('refuses a forged, reused or expired state', async () => {
      const provider = await oidc(1);
      const forged = await callback('any-code', 'forged-state-forged-state-forged');
      expect(forged.body).toMatchObject({ code: 0, msg: expect.stringMatching(/unknown or was already used/) });

      const { code, state } = await consent(provider.id);
      expect((await callback(code, state)).body.code).toBe(1);
      const reused = await callback(code, state);
      expect(reused.body).toMatchObject({ code: 0, msg: expect.stringMatching(/unknown or was already used/) });

      const late = await consent(provider.id);
      await t.dataSource.query('UPDATE oauth_ticket SET expire_time = expire_time - 3600');
      expect((await callback(late.code, late.state)).body).toMatchObject({ code: 0, msg: expect.stringMatching(/took too long/) });
      // and it is gone: a second try is unknown
      expect((await callback(late.code, late.state)).body.msg).toMatch(/unknown or was already used/);
      // two people racing with one state: one wins
      const race = await consent(provider.id);
      const answers = await Promise.all([callback(race.code, race.state), callback(race.code, race.state)]);
      expect(answers.map((a) => a.body.code).sort()).toEqual([0, 1]);
      expect((await logRows()).filter((r) => Number(r.result) === 0).map((r) => r.reason)).toEqual(['oauth.state_invalid', 'oauth.state_invalid', 'oauth.state_expired', 'oauth.state_invalid', 'oauth.state_invalid']);
    });

    it.each([
      ['a wrong nonce', { nonce: 'not-the-nonce' }, /nonce/],
      ['another issuer', { issuer: 'https://other-issuer.test' }, /another issuer/],
      ['another audience', { audience: 'someone-else' }, /another client/],
      ['an expired token', { expiresIn: -600 }, /expired/],
      ['a token signed by another key', { signature: 'other' as const }, /signature is wrong/],
      ['a token changed after signing', { signature: 'tamper' as const }, /signature is wrong/],
      ['an unsigned token', { signature: 'none' as const }, /not valid/],
    ])('refuses %s and signs nobody in', async (_what, forge, message) => {
      const provider = await oidc(1);
      const { code, state } = await consent(provider.id);
      idp.forge = forge;
      const res = await callback(code, state);
      expect(res.body).toMatchObject({ code: 0, msg: expect.stringMatching(message) });
      expect(res.body.data?.userInfo).toBeUndefined();
      expect(await links()).toEqual([]);
      expect(await t.dataSource.query('SELECT id FROM user WHERE id <> ?', [memberId])).toEqual([]);
      const [row] = await logRows();
      expect(row).toMatchObject({ action: 'callback', provider_id: provider.id });
      expect(Number(row.result)).toBe(0);
      expect(row.reason).toMatch(/^oauth\.id_token_/);
    });

    it('calls only the configured provider: no URL from the request, no private address unless allowed', async () => {
      const provider = await oidc(1);
      expect((await anonymous(t).get('/api/oauth/authorize?provider=http://127.0.0.1:1/x')).body.code).toBe(0);
      expect((await anonymous(t).get('/api/oauth/authorize?provider=999')).body.code).toBe(0);
      idp.hits.length = 0;
      const { code, state } = await consent(provider.id);
      await callback(code, state);
      expect([...new Set(idp.hits)].sort()).toEqual(['/.well-known/openid-configuration', '/authorize', '/jwks', '/token']);
      delete process.env.OUTBOUND_ALLOW_PRIVATE;
      const refused = await anonymous(t).get(`/api/oauth/authorize?provider=${provider.id}`);
      expect(refused.body).toMatchObject({ code: 0, msg: expect.stringMatching(/could not be reached/) });
    });
  });

  describe('bounded', () => {
    it('makes an address that starts too many sign-ins wait', async () => {
      const provider = await oidc();
      for (let i = 0; i < 30; i++) expect((await anonymous(t).get(`/api/oauth/authorize?provider=${provider.id}`)).body.code).toBe(1);
      const refused = await anonymous(t).get(`/api/oauth/authorize?provider=${provider.id}`);
      expect(refused.body).toMatchObject({ code: 0, msg: expect.stringMatching(/Too many sign-ins started from your address: please try again in \d+ seconds/) });
      expect(Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM oauth_ticket'))[0].n)).toBe(30);
    });
  });

  describe('OAuth 2.0 with explicit endpoints', () => {
    it('signs in by the userinfo id field, with PKCE and no nonce', async () => {
      const provider = await oauth2(1);
      idp.subject = '4242';
      const { url, code, state } = await consent(provider.id);
      expect(url.searchParams.get('nonce')).toBeNull();
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      const res = await callback(code, state);
      expect(res.body.code).toBe(1);
      expect(await links()).toEqual([{ user_id: res.body.data.userInfo.id, provider_id: provider.id, subject: '4242' }]);
    });
  });

  describe('the member center', () => {
    it('links a provider to the signed-in member, lists it and unlinks it', async () => {
      const provider = await oidc();
      const session = (await http(t).post('/api/user/checkIn').send({ tab: 'login', username: 'alice', password: MEMBER_PASSWORD })).body.data.userInfo;
      const before = await asMember(t, session.token).get('/api/account/oauth');
      expect(before.body).toMatchObject({ code: 1, data: { links: [], providers: [{ id: provider.id, name: 'Stand-in OIDC' }] } });

      const { code, state } = await consent(provider.id, { token: session.token });
      expect((await callback(code, state)).body).toMatchObject({ code: 1, data: { linked: true } });
      const after = await asMember(t, session.token).get('/api/account/oauth');
      expect(after.body.data).toMatchObject({ links: [{ provider_id: provider.id, provider_name: 'Stand-in OIDC', nickname: 'Alice Provider' }], providers: [] });

      // the same provider account cannot be linked to another member
      const bobId = await createMember(t, { username: 'bobby' });
      const bob = (await http(t).post('/api/user/checkIn').send({ tab: 'login', username: 'bobby', password: MEMBER_PASSWORD })).body.data.userInfo;
      const taken = await consent(provider.id, { token: bob.token });
      expect((await callback(taken.code, taken.state)).body).toMatchObject({ code: 0, msg: expect.stringMatching(/another member/) });
      expect((await links()).map((l) => l.user_id)).toEqual([memberId]);
      expect(bobId).toBeGreaterThan(0);

      expect((await asMember(t, session.token).post('/api/account/oauthUnbind', { provider: provider.id })).body).toMatchObject({ code: 1, data: { links: [] } });
      expect((await asMember(t, session.token).post('/api/account/oauthUnbind', { provider: provider.id })).body.code).toBe(0);
      expect(await links()).toEqual([]);
      expect((await anonymous(t).get('/api/account/oauth')).body.code).not.toBe(1);
    });

    it('lists the enabled providers for the sign-in page, and the admin reads the log', async () => {
      const provider = await oidc(1);
      await addProvider({ name: 'Off', type: 1, issuer: idp.issuer, status: 0 });
      expect((await anonymous(t).get('/api/oauth/providers')).body.data.list).toEqual([{ id: provider.id, name: 'Stand-in OIDC' }]);
      const { code, state } = await consent(provider.id);
      const signedIn = (await callback(code, state)).body.data.userInfo;
      const log = await as(t, admin).get('/admin/user.OauthLog/index');
      expect(log.body.data.list).toHaveLength(1);
      expect(log.body.data.list[0]).toMatchObject({ action: 'callback', result: 1, reason: 'registered', provider: { name: 'Stand-in OIDC' }, user: { username: signedIn.username } });
      expect(log.body.data.list[0].ip).toBeTruthy();
    });
  });
});
