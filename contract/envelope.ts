/** The answer shape of every JSON endpoint (docs/API.md, "The envelope"). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  /** Unix seconds. */
  time: number;
  data: T;
}

/** The envelope's `code`. Every one of them travels with HTTP 200 (kernel failures keep their HTTP status, with code 0). */
export const ResultCode = {
  success: 1,
  failure: 0,
  /** Sign-in needed, or already signed in: `data.routePath` says where the web app goes. */
  redirect: 302,
  noPermission: 401,
  /** The access token expired: refresh, then send the request again. */
  tokenExpired: 409,
} as const;
export type ResultCodeValue = (typeof ResultCode)[keyof typeof ResultCode];

/** `GET index` of a generic list. */
export interface ListAnswer<Row> {
  list: Row[];
  /** The number of matching rows, or with `total_capped` a lower bound of it. */
  total: number;
  /**
   * Present (true) when counting stopped at the cap: `total` is then a lower bound ("10,000+"). Absent
   * otherwise, so clients that do not know the field read an exact total as before.
   */
  total_capped?: true;
  /** The remark of the list's admin rule (shown above the table); '' when none. */
  remark: string;
}

/** A page of a member-center list (balance and score logs, comments). */
export interface PageAnswer<Row> {
  list: Row[];
  total: number;
}

/** `DELETE del`. */
export interface DeleteAnswer {
  count: number;
}
