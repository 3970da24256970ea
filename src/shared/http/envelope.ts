import { pinnedUnixTime } from '../time/clock';

/** The answer shape of every JSON endpoint. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  time: number;
  data: T;
}

export const ResultCode = {
  success: 1,
  failure: 0,
  redirect: 302,
  noPermission: 401,
  tokenExpired: 409,
} as const;

export function unixNow(): number {
  return pinnedUnixTime() ?? Math.floor(Date.now() / 1000);
}

export function envelope<T>(code: number, msg: string, data: T): Envelope<T> {
  return { code, msg, time: unixNow(), data };
}
