/**
 * The accounts context's back-office calls: the admin's sign-in, bootstrap and sign-out (`/admin/index/*`),
 * the admin's own profile (`routine.AdminInfo`), the rule trees of the group forms, and a member's balance or
 * score before a change is added. The member center's calls are in member.ts.
 */
import type { AdminIndexAnswer, AdminInfo, MenuRuleNode } from '@contract/accounts';
import { createCrudApi, fetchJson } from './crud';
import request from './request';

export interface AdminLoginForm {
  username: string;
  password: string;
  keep: boolean;
  captchaId?: string;
  captchaInfo?: string;
}

export const adminLoginUrl = '/admin/index/login';

/** GET /admin/index/login: whether the click captcha is required. */
export function getLoginConfig() {
  return request<{ captcha: boolean }>({ url: adminLoginUrl, method: 'get' });
}

/** POST /admin/index/login */
export function login(form: AdminLoginForm) {
  return request<{ userInfo: AdminInfo; routePath: string }>({ url: adminLoginUrl, method: 'post', data: form }, { showSuccessMessage: true });
}

/** GET /admin/index/index: the back-office bootstrap. */
export function getAdminIndex() {
  return request<AdminIndexAnswer>({ url: '/admin/index/index', method: 'get' });
}

/** POST /admin/index/logout {refreshToken} */
export function logout(refreshToken: string) {
  return request({ url: '/admin/index/logout', method: 'post', data: { refreshToken } });
}

/* The admin's own profile ------------------------------------------------------------------------ */

export const ADMIN_INFO_API = '/admin/routine.AdminInfo';

export interface ProfileInfo {
  id: number;
  username: string;
  nickname: string;
  avatar: string;
  email: string;
  mobile: string;
  motto: string;
  lastlogintime: number | string | null;
  [key: string]: unknown;
}

const adminInfo = createCrudApi(ADMIN_INFO_API);

/** `GET routine.AdminInfo/index` → the signed-in admin's profile. */
export async function fetchProfile(): Promise<ProfileInfo | null> {
  return (await adminInfo.get<{ info?: ProfileInfo }>('index'))?.info ?? null;
}

/** `POST routine.AdminInfo/edit` with the profile fields (and an optional password), or with the avatar alone. */
export function saveProfile(body: Record<string, unknown>): Promise<unknown> {
  return adminInfo.post('edit', body);
}

/* Rules and groups ------------------------------------------------------------------------------- */

/** `GET <rules>/index`: an identity's rule tree (`list`, or `options` for a select). */
export async function fetchRuleTree<Node = MenuRuleNode>(indexUrl: string): Promise<Node[]> {
  const data = await fetchJson<{ list?: Node[]; options?: Node[] }>(indexUrl);
  return Array.isArray(data?.list) ? data.list : Array.isArray(data?.options) ? data.options : [];
}

/* Balances and scores ---------------------------------------------------------------------------- */

export type LogKind = 'money' | 'score';

export const LOG_API: Record<LogKind, string> = { money: '/admin/user.MoneyLog', score: '/admin/user.ScoreLog' };

export interface LogTarget {
  id: number;
  username: string;
  nickname: string;
  money: string;
  score: number;
}

/** `GET user.MoneyLog/add?userId` (or ScoreLog): the member whose balance or score a change is added to. */
export async function fetchLogTarget(kind: LogKind, userId: unknown): Promise<LogTarget> {
  return (await fetchJson<{ user: LogTarget }>(`${LOG_API[kind]}/add`, { userId }, { showErrorMessage: false })).user;
}
