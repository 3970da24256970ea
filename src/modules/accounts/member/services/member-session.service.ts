import { Injectable } from '@nestjs/common';
import { EntityManager, Not } from 'typeorm';
import type { MemberRegisterForm } from '../../../../../contract/member';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { isDuplicateKey } from '../../../../shared/database/sql-dialect';
import { AppError } from '../../../../shared/http/app-error';
import { unixNow } from '../../../../shared/http/envelope';
import { VerificationCodeService } from '../../../platform';
import { hashPassword } from '../../domain/password';
import { SessionFlow, SessionIdentity, SignInInput } from '../../identity/session-flow';
import { loginKindOf } from '../domain/member-account';
import { UserGroupEntity } from '../persistence/user-group.entity';
import { newMemberRow } from '../persistence/new-member-row';
import { UserEntity } from '../persistence/user.entity';
import { memberInfo, MemberInfo } from './member-info';

export type MemberLoginInput = SignInInput;

const MEMBER: SessionIdentity = { kind: 'user', account: UserEntity };

/** A sign-up (contract/member.ts) and the address it came from. */
export interface MemberRegisterInput extends MemberRegisterForm {
  ip: string;
}

/** Member sign-in (username, e-mail or mobile), sign-up with a verification code, and sign-out. */
@Injectable()
export class MemberSessionService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly sessions: SessionFlow,
    private readonly codes: VerificationCodeService,
  ) {}

  async login(input: MemberLoginInput): Promise<MemberInfo> {
    await this.sessions.checkCaptcha(input);
    const kind = loginKindOf(input.username);
    const value = kind === 'email' ? input.username.trim().toLowerCase() : input.username.trim();
    // A name that cannot be an account still goes through the same check (and time) as one that could.
    const found = kind
      ? await this.transactions.manager.findOne(UserEntity, { where: { [kind]: value }, select: { id: true, password: true, status: true } })
      : null;
    return this.sessions.signIn(MEMBER, input, found, (manager, id, { token, refreshToken }) => this.info(id, manager, token, refreshToken));
  }

  async register(input: MemberRegisterInput): Promise<MemberInfo> {
    const channel = input.registerType;
    const target = channel === 'email' ? (input.email ?? '').trim().toLowerCase() : (input.mobile ?? '').trim();
    const email = (input.email ?? '').trim().toLowerCase() || null;
    const mobile = (input.mobile ?? '').trim() || null;
    await this.checkFree(this.transactions.manager, { username: input.username, email, mobile });
    if (!(await this.codes.verify(channel, target, 'user_register', input.captcha))) throw new AppError('member.wrong_code');
    const password = await hashPassword(input.password);
    try {
      return await this.transactions.run(async (manager) => {
        await this.checkFree(manager, { username: input.username, email, mobile });
        if (!(await this.codes.consume(manager, channel, target, 'user_register', input.captcha))) throw new AppError('member.wrong_code');
        const now = unixNow();
        const group = await manager.findOne(UserGroupEntity, { where: {}, order: { id: 'ASC' } });
        const { identifiers } = await manager.insert(
          UserEntity,
          newMemberRow({ groupId: group?.id ?? 0, username: input.username, nickname: input.username, email, mobile, password, ip: input.ip, now }),
        );
        return this.signedIn(manager, identifiers[0].id as number, Boolean(input.keep));
      });
    } catch (error) {
      if (isDuplicateKey(error)) throw new AppError('accounts.username_taken');
      throw error;
    }
  }

  /** Revokes the access token, and the refresh token when given; a missing or foreign token is ignored. */
  logout(accessToken: string | undefined, refreshToken: string | undefined): Promise<void> {
    return this.sessions.signOut(MEMBER, accessToken, refreshToken);
  }

  async info(memberId: number, manager: EntityManager = this.transactions.manager, token = '', refreshToken = ''): Promise<MemberInfo> {
    const member = await manager.findOneOrFail(UserEntity, { where: { id: memberId } });
    return memberInfo(member, token, refreshToken);
  }

  /** Username, e-mail and mobile are each used by one member at most. */
  async checkFree(manager: EntityManager, fields: { username?: string; email?: string | null; mobile?: string | null }, exceptId?: number): Promise<void> {
    const others = exceptId ? { id: Not(exceptId) } : {};
    if (fields.username && (await manager.count(UserEntity, { where: { username: fields.username, ...others } }))) throw new AppError('accounts.username_taken');
    if (fields.email && (await manager.count(UserEntity, { where: { email: fields.email, ...others } }))) throw new AppError('accounts.email_taken');
    if (fields.mobile && (await manager.count(UserEntity, { where: { mobile: fields.mobile, ...others } }))) throw new AppError('accounts.mobile_taken');
  }

  private async signedIn(manager: EntityManager, memberId: number, keep: boolean): Promise<MemberInfo> {
    const { token, refreshToken } = await this.sessions.issue(manager, MEMBER, memberId, keep);
    return this.info(memberId, manager, token, refreshToken);
  }
}
