import { withFrameworkAliases } from '../../../../shared/http/framework-aliases';
import { fromCents } from '../../../../shared/database/money';
import type { MemberInfo } from '../../../../../contract/member';
import { UserEntity } from '../persistence/user.entity';

/**
 * The member as the member center shows it: contract/member.ts. Also answered under the framework v2 names
 * (`last_login_time`, `join_time`, `refresh_token`, ...): see framework-aliases.ts.
 */
export type { MemberInfo } from '../../../../../contract/member';

export function moneyText(cents: number | string | null | undefined): string {
  return fromCents(BigInt(Math.trunc(Number(cents ?? 0))));
}

export function memberInfo(user: UserEntity, token = '', refreshToken = ''): MemberInfo {
  return withFrameworkAliases({
    id: user.id,
    username: user.username,
    nickname: user.nickname,
    email: user.email ?? '',
    mobile: user.mobile ?? '',
    avatar: user.avatar,
    gender: user.gender,
    birthday: user.birthday ?? '',
    money: moneyText(user.money),
    score: Number(user.score),
    lastlogintime: user.lastlogintime,
    lastloginip: user.lastloginip,
    jointime: user.jointime,
    motto: user.motto,
    token,
    refreshToken,
  });
}
