import type { UserEntity } from './user.entity';

/** What a new member starts with, however it signed up (the sign-up form, a third-party sign-in). */
export interface NewMember {
  groupId: number;
  username: string;
  nickname: string;
  email: string | null;
  mobile: string | null;
  /** A password hash. */
  password: string;
  ip: string;
  now: number;
}

/** The member's first row: enabled, no balance or score, signed in now from `ip`. */
export function newMemberRow(member: NewMember): Omit<UserEntity, 'id'> {
  return {
    group_id: member.groupId,
    username: member.username,
    nickname: member.nickname,
    email: member.email,
    mobile: member.mobile,
    avatar: '',
    gender: 0,
    birthday: null,
    money: 0,
    score: 0,
    login_failure: 0,
    lastlogintime: member.now,
    lastloginip: member.ip,
    jointime: member.now,
    joinip: member.ip,
    password: member.password,
    motto: '',
    status: 1,
    createtime: member.now,
    updatetime: member.now,
  };
}
