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
