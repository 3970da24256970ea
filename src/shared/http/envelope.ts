import { pinnedUnixTime } from '../time/clock';

import { Envelope } from '../../../contract/envelope';

export { ResultCode } from '../../../contract/envelope';
export type { Envelope } from '../../../contract/envelope';

export function unixNow(): number {
  return pinnedUnixTime() ?? Math.floor(Date.now() / 1000);
}

export function envelope<T>(code: number, msg: string, data: T): Envelope<T> {
  return { code, msg, time: unixNow(), data };
}
