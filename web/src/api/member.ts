/**
 * The member center's calls (the accounts context's member side): /api/index, /api/user, /api/account. The
 * request layer sends the member token (ba-user-token) on every page outside /admin. The e-mail and SMS codes
 * and the avatar upload are the platform's (platform.ts).
 */
import type { MenuRuleNode } from '@contract/accounts';
import type { SiteConfigForClient } from '@contract/config';
import type { MemberInfo, MemberRegisterForm } from '@contract/member';
import type { PageAnswer } from '@contract/envelope';
import type { Channel } from './platform';
import request from './request';

export type { Channel } from './platform';

export interface FrontIndexData {
  site: Pick<SiteConfigForClient, 'siteName' | 'version' | 'cdnUrl' | 'upload' | 'recordNumber'>;
  openMemberCenter: boolean;
  /** The optional modules' states (name → 1 enabled | 0 disabled), e.g. `{cms: 1, member: 0, adverts: 1}`. */
  modules?: Record<string, 0 | 1>;
  userInfo: MemberInfo | null;
  rules: MenuRuleNode[];
  menus: MenuRuleNode[];
}

export interface UserIndexData {
  userInfo: MemberInfo;
  menus: MenuRuleNode[];
  rules: MenuRuleNode[];
}

export interface CheckInState {
  accountVerificationType: Channel[];
  /** whether sign-in needs the click captcha */
  captcha: boolean;
}

export interface LoginForm {
  username: string;
  password: string;
  keep: boolean;
  captchaId?: string;
  captchaInfo?: string;
}

export type RegisterForm = MemberRegisterForm;

export interface CheckInAnswer {
  userInfo: MemberInfo & { token: string; refreshToken: string };
  routePath: string;
}

export interface ProfileForm {
  username: string;
  nickname: string;
  avatar?: string;
  gender?: number;
  birthday?: string;
  motto?: string;
}

export interface LogRow {
  id: number;
  user_id: number;
  money?: string;
  score?: number;
  before: string | number;
  after: string | number;
  memo: string;
  createtime: number;
}

export interface Overview {
  days: string[];
  score: number[];
  money: string[];
}

/** What a code is for (the server's event names). */
export const CODE_EVENTS = {
  register: 'user_register',
  retrieve: 'user_retrieve_pwd',
  change: { email: 'user_change_email', mobile: 'user_change_mobile' },
  verify: { email: 'user_email_verify', mobile: 'user_mobile_verify' },
} as const;

export const userUrls = {
  frontIndex: '/api/index/index',
  userIndex: '/api/user/index',
  checkIn: '/api/user/checkIn',
  logout: '/api/user/logout',
  overview: '/api/account/overview',
  profile: '/api/account/profile',
  verification: '/api/account/verification',
  changeBind: '/api/account/changeBind',
  changePassword: '/api/account/changePassword',
  balance: '/api/account/balance',
  integral: '/api/account/integral',
  retrievePassword: '/api/account/retrievePassword',
};

/** GET /api/index/index: the front bootstrap; requiredLogin=1 on member-center pages (302 / 409 when signed out). */
export function getFrontIndex(requiredLogin = false) {
  return request<FrontIndexData>({ url: userUrls.frontIndex, method: 'get', params: requiredLogin ? { requiredLogin: 1 } : {} }, { showErrorMessage: false });
}

/** GET /api/user/index: the member-center bootstrap. */
export function getUserIndex() {
  return request<UserIndexData>({ url: userUrls.userIndex, method: 'get' });
}

/** GET /api/user/checkIn: the verification channels and whether the captcha is on. */
export function getCheckIn() {
  return request<CheckInState>({ url: userUrls.checkIn, method: 'get' });
}

export function login(form: LoginForm) {
  return request<CheckInAnswer>({ url: userUrls.checkIn, method: 'post', data: { tab: 'login', ...form } }, { showSuccessMessage: true });
}

export function register(form: RegisterForm) {
  return request<CheckInAnswer>({ url: userUrls.checkIn, method: 'post', data: { tab: 'register', ...form } }, { showSuccessMessage: true });
}

/** POST /api/user/logout {refresh_token}. */
export function logout(refreshToken: string) {
  return request({ url: userUrls.logout, method: 'post', data: { refresh_token: refreshToken } });
}

export function getOverview() {
  return request<Overview>({ url: userUrls.overview, method: 'get' });
}

export function getProfile() {
  return request<{ accountVerificationType: Channel[]; captcha: boolean; userInfo: MemberInfo }>({ url: userUrls.profile, method: 'get' });
}

export function saveProfile(form: ProfileForm) {
  return request<{ userInfo: MemberInfo }>({ url: userUrls.profile, method: 'post', data: form }, { showSuccessMessage: true });
}

/** POST /api/account/verification {type, captcha}: a pass for changing the current binding. */
export function verifyAccount(type: Channel, captcha: string) {
  return request<{ type: Channel; accountVerificationToken: string }>({ url: userUrls.verification, method: 'post', data: { type, captcha } });
}

export function changeBind(data: { type: Channel; captcha: string; email?: string; mobile?: string; accountVerificationToken?: string; password?: string }) {
  return request<{ userInfo: MemberInfo }>({ url: userUrls.changeBind, method: 'post', data }, { showSuccessMessage: true });
}

export function changePassword(oldPassword: string, newPassword: string) {
  return request({ url: userUrls.changePassword, method: 'post', data: { oldPassword, newPassword } }, { showSuccessMessage: true });
}

export function getBalanceLog(page: number, limit: number) {
  return request<PageAnswer<LogRow>>({ url: userUrls.balance, method: 'get', params: { page, limit } });
}

export function getScoreLog(page: number, limit: number) {
  return request<PageAnswer<LogRow>>({ url: userUrls.integral, method: 'get', params: { page, limit } });
}

export function retrievePassword(data: { type: Channel; account: string; captcha: string; password: string }) {
  return request({ url: userUrls.retrievePassword, method: 'post', data }, { showSuccessMessage: true });
}
