import request from 'supertest';
import { EntityManager } from 'typeorm';
import { hashPassword } from '../../src/modules/accounts/domain/password';
import { AdminEntity } from '../../src/modules/accounts/persistence/admin.entity';
import { AdminGroupAccessEntity, AdminGroupEntity } from '../../src/modules/accounts/persistence/admin-group.entity';
import { AdminRuleEntity } from '../../src/modules/accounts/persistence/admin-rule.entity';
import { TEST_ADMIN_PASSWORD, TestApp } from '../setup/create-test-app';

export function http(t: TestApp) {
  return request(t.app.getHttpServer());
}

export interface Session {
  token: string;
  refreshToken: string;
  id: number;
}

export async function login(t: TestApp, username = 'admin', password = TEST_ADMIN_PASSWORD, keep = true): Promise<Session> {
  const res = await http(t).post('/admin/index/login').set('think-lang', 'en').send({ username, password, keep });
  if (res.body.code !== 1) throw new Error(`login of ${username} failed: ${JSON.stringify(res.body)}`);
  const { token, refreshToken, id } = res.body.data.userInfo;
  return { token, refreshToken, id };
}

/** Requests as a signed-in admin, in English. */
export function as(t: TestApp, session: Session | string) {
  return asAt(t.app.getHttpServer(), session);
}

/** The same against a server by address (`http://127.0.0.1:8120`): a server process a spec started. */
export function asAt(server: Parameters<typeof request>[0], session: Session | string) {
  const token = typeof session === 'string' ? session : session.token;
  const agent = request(server);
  return {
    get: (url: string) => agent.get(url).set('batoken', token).set('think-lang', 'en'),
    post: (url: string, body: object = {}) => agent.post(url).set('batoken', token).set('think-lang', 'en').send(body),
    del: (url: string) => agent.delete(url).set('batoken', token).set('think-lang', 'en'),
  };
}

export type Requester = ReturnType<typeof asAt>;

/**
 * Creates an admin (password TEST_ADMIN_PASSWORD) in a new group holding exactly the named rules
 * (`*` for a super administrator). Written straight to the database: the tests of auth.Admin cover the API.
 */
export async function createAdmin(t: TestApp, username: string, ruleNames: string[] | '*', groupPid = 1): Promise<{ adminId: number; groupId: number }> {
  return t.dataSource.transaction(async (m: EntityManager) => {
    const ruleIds = ruleNames === '*' ? '*' : (await m.find(AdminRuleEntity)).filter((r) => ruleNames.includes(r.name)).map((r) => r.id).join(',');
    const group = await m.insert(AdminGroupEntity, { pid: groupPid, name: `${username} group`, rules: ruleIds, status: 1 });
    const admin = await m.insert(AdminEntity, {
      username,
      nickname: username,
      avatar: '',
      email: '',
      mobile: '',
      login_failure: 0,
      lastloginip: '',
      password: await hashPassword(TEST_ADMIN_PASSWORD),
      motto: '',
      status: 1,
    });
    await m.insert(AdminGroupAccessEntity, { uid: admin.identifiers[0].id, group_id: group.identifiers[0].id });
    return { adminId: admin.identifiers[0].id, groupId: group.identifiers[0].id };
  });
}
