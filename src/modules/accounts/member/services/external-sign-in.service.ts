import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { AppError } from '../../../../shared/http/app-error';
import { unixNow } from '../../../../shared/http/envelope';
import { hashPassword } from '../../domain/password';
import { SessionFlow, SessionIdentity } from '../../identity/session-flow';
import { UserGroupEntity } from '../persistence/user-group.entity';
import { newMemberRow } from '../persistence/new-member-row';
import { UserEntity } from '../persistence/user.entity';
import { memberInfo, MemberInfo } from './member-info';

const MEMBER: SessionIdentity = { kind: 'user', account: UserEntity };

/** Work another context does in the transaction of a sign-in (a provider's link written with the session). */
export type InSignIn = (manager: EntityManager, memberId: number) => Promise<void>;

/**
 * Member sessions started by something other than the checkIn form — a third-party sign-in (the module
 * `oauth`): a member it found signed in, a member registered for it, a member who proves its password to
 * link. The caller's work (`then`) runs in the same transaction as the login stamps and the tokens, so a
 * link exists exactly when its session does. The tokens are those `checkIn` issues.
 */
@Injectable()
export class ExternalSignIn {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly sessions: SessionFlow,
  ) {}

  /** Signs in the member `memberId` (refused when it is disabled or gone). */
  signIn(memberId: number, ip: string, then: InSignIn = async () => undefined): Promise<MemberInfo> {
    return this.transactions.run(async (manager) => {
      const member = await manager.findOne(UserEntity, { where: { id: memberId }, select: { id: true, status: true } });
      if (!member) throw new AppError('accounts.wrong_credentials');
      if (member.status !== 1) throw new AppError('accounts.account_disabled');
      await then(manager, memberId);
      return this.stamped(manager, memberId, ip);
    });
  }

  /** Registers a member (a generated username, the nickname given, a random password) and signs it in. */
  async register(nickname: string, ip: string, then: InSignIn): Promise<MemberInfo> {
    const password = await hashPassword(randomBytes(24).toString('base64url'));
    return this.transactions.run(async (manager) => {
      const now = unixNow();
      const group = await manager.findOne(UserGroupEntity, { where: {}, order: { id: 'ASC' } });
      const username = `o${randomBytes(6).toString('hex')}`;
      const { identifiers } = await manager.insert(
        UserEntity,
        newMemberRow({ groupId: group?.id ?? 0, username, nickname: nickname.trim().slice(0, 50) || username, email: null, mobile: null, password, ip, now }),
      );
      const memberId = Number(identifiers[0].id);
      await then(manager, memberId);
      return this.stamped(manager, memberId, ip);
    });
  }

  /** The checkIn password check (lockout and budgets included) of `username`, then `then` and a session. */
  async withPassword(username: string, password: string, ip: string, then: InSignIn): Promise<MemberInfo> {
    const name = username.trim();
    const found = await this.transactions.manager.findOne(UserEntity, { where: { username: name }, select: { id: true, password: true, status: true } });
    return this.sessions.signIn(MEMBER, { username: name, password, ip }, found, async (manager, id, { token, refreshToken }) => {
      await then(manager, id);
      return memberInfo(await manager.findOneOrFail(UserEntity, { where: { id } }), token, refreshToken);
    });
  }

  private async stamped(manager: EntityManager, memberId: number, ip: string): Promise<MemberInfo> {
    await manager.update(UserEntity, { id: memberId }, { login_failure: 0, lastlogintime: unixNow(), lastloginip: ip });
    const { token, refreshToken } = await this.sessions.issue(manager, MEMBER, memberId, false);
    return memberInfo(await manager.findOneOrFail(UserEntity, { where: { id: memberId } }), token, refreshToken);
  }
}
