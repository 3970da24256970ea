/** The member as the member center shows it: the `userInfo` of sign-in, `/api/user/index` and the profile. */
export interface MemberInfo {
  id: number;
  username: string;
  nickname: string;
  email: string;
  mobile: string;
  avatar: string;
  /** 0 unknown, 1 male, 2 female (GENDER). */
  gender: number;
  /** `YYYY-MM-DD` or ''. */
  birthday: string;
  /** Money: two decimals. */
  money: string;
  score: number;
  /** Unix seconds. */
  lastlogintime: number | null;
  lastloginip: string;
  jointime: number | null;
  motto: string;
  /** The access token ('' where the answer carries none). */
  token: string;
  /** The refresh token ('' unless signed in with `keep`). */
  refreshToken: string;
}

/** Where a verification code goes. */
export type CodeChannel = 'email' | 'mobile';

/** `POST /api/user/checkIn` with `tab: 'register'`: a new member, with the code sent to the e-mail or mobile. */
export interface MemberRegisterForm {
  registerType: CodeChannel;
  username: string;
  password: string;
  email?: string;
  mobile?: string;
  captcha: string;
  keep?: boolean;
}
