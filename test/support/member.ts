import { EntityManager } from 'typeorm';
import { hashPassword } from '../../src/modules/accounts/domain/password';
import { UserGroupEntity } from '../../src/modules/accounts/member/persistence/user-group.entity';
import { UserEntity } from '../../src/modules/accounts/member/persistence/user.entity';
import { TestApp } from '../setup/create-test-app';
import { http } from './api';

export const MEMBER_PASSWORD = 'Member-Pass-1';

export interface MemberSession {
  id: number;
  token: string;
  refreshToken: string;
}

export interface NewMember {
  username: string;
  password?: string;
  email?: string | null;
  mobile?: string | null;
  /** cents */
  money?: number;
  score?: number;
  groupId?: number;
  status?: number;
}

/** Writes a member straight to the database (the sign-up flow has its own specs). */
export async function createMember(t: TestApp, member: NewMember): Promise<number> {
  return t.dataSource.transaction(async (m: EntityManager) => {
    const group = member.groupId ?? (await m.findOne(UserGroupEntity, { where: {}, order: { id: 'ASC' } }))!.id;
    const now = Math.floor(Date.now() / 1000);
    const { identifiers } = await m.insert(UserEntity, {
      group_id: group,
      username: member.username,
      nickname: member.username,
      email: member.email ?? null,
      mobile: member.mobile ?? null,
      avatar: '',
      gender: 0,
      birthday: null,
      money: member.money ?? 0,
      score: member.score ?? 0,
      login_failure: 0,
      lastlogintime: null,
      lastloginip: '',
      jointime: now,
      joinip: '',
      password: await hashPassword(member.password ?? MEMBER_PASSWORD),
      motto: '',
      status: member.status ?? 1,
      createtime: now,
      updatetime: now,
    });
    return identifiers[0].id as number;
  });
}

export async function memberLogin(t: TestApp, username: string, password = MEMBER_PASSWORD, keep = true): Promise<MemberSession> {
  const res = await http(t).post('/api/user/checkIn').set('think-lang', 'en').send({ tab: 'login', username, password, keep });
  if (res.body.code !== 1) throw new Error(`member login of ${username} failed: ${JSON.stringify(res.body)}`);
  const { id, token, refreshToken } = res.body.data.userInfo;
  return { id, token, refreshToken };
}

/** Requests as a signed-in member (header ba-user-token), in English. */
export function asMember(t: TestApp, session: MemberSession | string) {
  const token = typeof session === 'string' ? session : session.token;
  const agent = http(t);
  return {
    get: (url: string) => agent.get(url).set('ba-user-token', token).set('think-lang', 'en'),
    post: (url: string, body: object = {}) => agent.post(url).set('ba-user-token', token).set('think-lang', 'en').send(body),
    del: (url: string) => agent.delete(url).set('ba-user-token', token).set('think-lang', 'en'),
  };
}

/** Anonymous requests, in English. */
export function anonymous(t: TestApp) {
  const agent = http(t);
  return {
    get: (url: string) => agent.get(url).set('think-lang', 'en'),
    post: (url: string, body: object = {}) => agent.post(url).set('think-lang', 'en').send(body),
  };
}

/** The newest text message the development SMS driver recorded for a mobile, and its 6-digit code. */
export async function latestSmsCode(t: TestApp, mobile: string): Promise<string> {
  const rows: Array<{ content: string }> = await t.dataSource.query('SELECT content FROM sms_message WHERE mobile = ? ORDER BY id DESC LIMIT 1', [mobile]);
  const match = rows.length ? /\b(\d{6})\b/.exec(rows[0].content) : null;
  if (!match) throw new Error(`no text message to ${mobile}`);
  return match[1];
}

/** Makes every pending code `seconds` older (sent and expiring that much earlier). */
export async function ageCodes(t: TestApp, seconds: number): Promise<void> {
  await t.dataSource.query('UPDATE verification_code SET createtime = createtime - ?, expiretime = expiretime - ?', [seconds, seconds]);
}
