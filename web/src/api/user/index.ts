/**
 * The member calls: /api/index, /api/user, /api/account,
 * /api/Ems, /api/Sms. The request layer sends the member token (ba-user-token) on every page outside /admin.
 */
import request from '../request';
import type { MenuRule, SiteConfigData } from '../admin';
import type { MemberInfo as MemberAccount } from '@contract/member';

export type MemberInfo = Omit<MemberAccount, 'token' | 'refreshToken'> & { token?: string; refreshToken?: string };
export type Channel = 'email' | 'mobile';

/** A member rule: the admin MenuRule shape with the member types (route, nav, nav_user_menu…). */
export type MemberRule = Omit<MenuRule, 'type' | 'children'> & { type: MenuRule['type'] | 'route' | 'nav' | 'nav_user_menu'; no_login_valid?: number; children?: MemberRule[] };

export interface FrontIndexData {
  site: Pick<SiteConfigData, 'siteName' | 'version' | 'cdnUrl' | 'upload'> & { recordNumber: string };
  openMemberCenter: boolean;
  userInfo: MemberInfo | null;
  rules: MemberRule[];
  menus: MemberRule[];
}

export interface UserIndexData {
  userInfo: MemberInfo;
  menus: MemberRule[];
  rules: MemberRule[];
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

export interface RegisterForm {
  registerType: Channel;
  username: string;
  password: string;
  email?: string;
  mobile?: string;
  captcha: string;
  keep?: boolean;
}

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
  emsSend: '/api/Ems/send',
  smsSend: '/api/Sms/send',
  upload: '/api/ajax/upload',
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
  return request<{ list: LogRow[]; total: number }>({ url: userUrls.balance, method: 'get', params: { page, limit } });
}

export function getScoreLog(page: number, limit: number) {
  return request<{ list: LogRow[]; total: number }>({ url: userUrls.integral, method: 'get', params: { page, limit } });
}

export function retrievePassword(data: { type: Channel; account: string; captcha: string; password: string }) {
  return request({ url: userUrls.retrievePassword, method: 'post', data }, { showSuccessMessage: true });
}

/** POST /api/Ems/send or /api/Sms/send: a verification code to an address. */
export function sendCode(channel: Channel, target: string, event: string, captcha?: { captchaId: string; captchaInfo: string }) {
  return channel === 'email'
    ? request({ url: userUrls.emsSend, method: 'post', data: { email: target, event, ...captcha } }, { showSuccessMessage: true })
    : request({ url: userUrls.smsSend, method: 'post', data: { mobile: target, template_code: event, ...captcha } }, { showSuccessMessage: true });
}

/** POST /api/ajax/upload (multipart, no timeout): the uploaded file's URL. */
export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('file', file);
  return request<{ file: { url: string; full_url?: string } }>({ url: userUrls.upload, method: 'post', data: form, params: { topic: 'avatar' }, timeout: 0, headers: { 'Content-Type': 'multipart/form-data' } });
}
