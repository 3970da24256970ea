import { Injectable } from '@nestjs/common';
import dayjs from 'dayjs';
import { Between, EntityManager } from 'typeorm';
import { fromCents } from '../../../../shared/database/money';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { AppError } from '../../../../shared/http/app-error';
import { AuthMember } from '../../../../shared/http/auth.decorators';
import { unixNow } from '../../../../shared/http/envelope';
import { endOfSiteDay, siteDayOf } from '../../../../shared/time/site-day';
import { CodeChannel, SiteConfigService, VerificationCodeService } from '../../../platform';
import { TokenService } from '../../auth/token.service';
import { hashPassword, verifyPassword } from '../../domain/password';
import { UserMoneyLogEntity, UserScoreLogEntity } from '../persistence/balance-log.entity';
import { UserEntity } from '../persistence/user.entity';
import { moneyText } from './member-info';
import { isDuplicateKey } from '../../../../shared/database/sql-dialect';
import { MemberSessionService } from './member-session.service';

/** Seconds an account-verification pass stays valid. */
export const PASS_TTL = 600;
export const MAX_LOG_PAGE_SIZE = 100;

export interface ProfileInput {
  username: string;
  nickname: string;
  avatar?: string;
  gender?: number;
  birthday?: string | null;
  motto?: string;
}

export interface ChangeBindInput {
  type: CodeChannel;
  captcha: string;
  email?: string;
  mobile?: string;
  accountVerificationToken?: string;
  password?: string;
}

export interface RetrievePasswordInput {
  type: CodeChannel;
  account: string;
  captcha: string;
  password: string;
}

const passKind = (type: CodeChannel) => (type === 'email' ? 'email-pass' : 'mobile-pass') as 'email-pass' | 'mobile-pass';

/** The member's own account: overview, profile, password, contact bindings and the balance / score logs. */
@Injectable()
export class MemberAccountService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly tokens: TokenService,
    private readonly codes: VerificationCodeService,
    private readonly sessions: MemberSessionService,
    private readonly siteConfig: SiteConfigService,
  ) {}

  /** Seven calendar days in the site time zone (oldest first) with the sums of score and money changes. */
  async overview(memberId: number): Promise<{ days: string[]; score: number[]; money: string[] }> {
    const timeZone = await this.siteConfig.timeZone();
    const dayOf = siteDayOf(timeZone);
    const today = dayOf(unixNow());
    const start = dayjs.tz(today, 'YYYY-MM-DD', timeZone).subtract(6, 'day');
    const days = Array.from({ length: 7 }, (_, i) => start.add(i, 'day').format('YYYY-MM-DD'));
    const range = Between(dayjs.tz(days[0], 'YYYY-MM-DD', timeZone).unix(), endOfSiteDay(today, timeZone)!);
    const manager = this.transactions.manager;
    const [moneyRows, scoreRows] = await Promise.all([
      manager.find(UserMoneyLogEntity, { where: { user_id: memberId, createtime: range }, select: { money: true, createtime: true } }),
      manager.find(UserScoreLogEntity, { where: { user_id: memberId, createtime: range }, select: { score: true, createtime: true } }),
    ]);
    const money = new Map<string, bigint>();
    for (const row of moneyRows) money.set(dayOf(row.createtime ?? 0), (money.get(dayOf(row.createtime ?? 0)) ?? 0n) + BigInt(row.money));
    const score = new Map<string, number>();
    for (const row of scoreRows) score.set(dayOf(row.createtime ?? 0), (score.get(dayOf(row.createtime ?? 0)) ?? 0) + row.score);
    return { days, score: days.map((d) => score.get(d) ?? 0), money: days.map((d) => fromCents(money.get(d) ?? 0n)) };
  }

  async updateProfile(memberId: number, input: ProfileInput) {
    try {
      await this.transactions.run(async (manager) => {
        await this.sessions.checkFree(manager, { username: input.username }, memberId);
        const changes: Partial<UserEntity> = { username: input.username, nickname: input.nickname, updatetime: unixNow() };
        if (input.avatar !== undefined) changes.avatar = input.avatar;
        if (input.gender !== undefined) changes.gender = input.gender;
        if (input.birthday !== undefined) changes.birthday = input.birthday || null;
        if (input.motto !== undefined) changes.motto = input.motto;
        await manager.update(UserEntity, { id: memberId }, changes);
      });
    } catch (error) {
      if (isDuplicateKey(error)) throw new AppError('accounts.username_taken');
      throw error;
    }
    return this.sessions.info(memberId);
  }

  /** A new password signs the member out of every other session (other access tokens, all refresh tokens). */
  async changePassword(member: AuthMember, oldPassword: string, newPassword: string): Promise<void> {
    const stored = await this.passwordOf(this.transactions.manager, member.id);
    if (!(await verifyPassword(oldPassword, stored))) throw new AppError('member.old_password_error');
    const hash = await hashPassword(newPassword);
    await this.transactions.run(async (manager) => {
      await manager.update(UserEntity, { id: member.id }, { password: hash, login_failure: 0, updatetime: unixNow() });
      await this.tokens.revokeAllExcept(manager, 'user', member.id, member.tokenId);
    });
  }

  /** A code sent to the member's current address buys a pass (600 s) for changing that binding. */
  async verification(memberId: number, type: CodeChannel, captcha: string): Promise<{ type: CodeChannel; accountVerificationToken: string }> {
    const current = await this.contact(this.transactions.manager, memberId, type);
    const event = type === 'email' ? 'user_email_verify' : 'user_mobile_verify';
    if (!current || !(await this.codes.verify(type, current, event, captcha))) throw new AppError('member.wrong_code');
    const accountVerificationToken = await this.transactions.run(async (manager) => {
      if (!(await this.codes.consume(manager, type, current, event, captcha))) throw new AppError('member.wrong_code');
      return this.tokens.issuePass(manager, passKind(type), memberId, PASS_TTL);
    });
    return { type, accountVerificationToken };
  }

  /**
   * Binds a new e-mail or mobile: a member who has one proves it with the pass of `verification`, one who has
   * none with the password; then the code sent to the new address. The new address must be free.
   */
  async changeBind(memberId: number, input: ChangeBindInput) {
    const type = input.type;
    const value = type === 'email' ? (input.email ?? '').trim().toLowerCase() : (input.mobile ?? '').trim();
    if (!value) throw new AppError('validation.required', { field: `@fields.${type}` });
    const current = await this.contact(this.transactions.manager, memberId, type);
    if (!current) {
      const stored = await this.passwordOf(this.transactions.manager, memberId);
      if (!input.password || !(await verifyPassword(input.password, stored))) throw new AppError('member.password_error');
    } else if (!input.accountVerificationToken) {
      throw new AppError('member.verify_account_first');
    }
    await this.sessions.checkFree(this.transactions.manager, { [type]: value }, memberId);
    const event = type === 'email' ? 'user_change_email' : 'user_change_mobile';
    if (!(await this.codes.verify(type, value, event, input.captcha))) throw new AppError('member.wrong_code');
    try {
      await this.transactions.run(async (manager) => {
        if (current && !(await this.tokens.consumePass(manager, passKind(type), memberId, input.accountVerificationToken ?? ''))) {
          throw new AppError('member.verify_account_first');
        }
        await this.sessions.checkFree(manager, { [type]: value }, memberId);
        if (!(await this.codes.consume(manager, type, value, event, input.captcha))) throw new AppError('member.wrong_code');
        await manager.update(UserEntity, { id: memberId }, { [type]: value, updatetime: unixNow() });
      });
    } catch (error) {
      if (isDuplicateKey(error)) throw new AppError(type === 'email' ? 'accounts.email_taken' : 'accounts.mobile_taken');
      throw error;
    }
    return this.sessions.info(memberId);
  }

  /** A forgotten password, reset with a code sent to the account's e-mail or mobile; signs out everywhere. */
  async retrievePassword(input: RetrievePasswordInput): Promise<void> {
    const type = input.type;
    const account = type === 'email' ? input.account.trim().toLowerCase() : input.account.trim();
    // The code first: only whoever received it learns anything about the account (codes are issued, and
    // never sent, for addresses no member has, so that sending one does not tell either).
    if (!(await this.codes.verify(type, account, 'user_retrieve_pwd', input.captcha))) throw new AppError('member.wrong_code');
    const member = await this.transactions.manager.findOne(UserEntity, { where: { [type]: account }, select: { id: true, status: true } });
    if (!member) throw new AppError('member.wrong_code');
    const hash = await hashPassword(input.password);
    await this.transactions.run(async (manager) => {
      if (!(await this.codes.consume(manager, type, account, 'user_retrieve_pwd', input.captcha))) throw new AppError('member.wrong_code');
      await manager.update(UserEntity, { id: member.id }, { password: hash, login_failure: 0, updatetime: unixNow() });
      await this.tokens.revokeAll(manager, ['user', 'user-refresh', 'email-pass', 'mobile-pass'], member.id);
    });
  }

  /** The member's balance log (kind money) or score log, newest first; money as 2-decimal strings. */
  async log(kind: 'money' | 'score', memberId: number, pageInput: unknown, limitInput: unknown) {
    const page = positive(pageInput, 1);
    const limit = Math.min(positive(limitInput, 10), MAX_LOG_PAGE_SIZE);
    const entity = kind === 'money' ? UserMoneyLogEntity : UserScoreLogEntity;
    const [rows, total] = await this.transactions.manager.findAndCount(entity as typeof UserMoneyLogEntity, {
      where: { user_id: memberId },
      order: { id: 'DESC' },
      skip: (page - 1) * limit,
      take: limit,
    });
    const list = rows.map((row) =>
      kind === 'money'
        ? { ...row, money: moneyText(row.money), before: moneyText(row.before), after: moneyText(row.after) }
        : { ...row, score: Number((row as unknown as UserScoreLogEntity).score), before: Number(row.before), after: Number(row.after) },
    );
    return { list, total };
  }

  private async contact(manager: EntityManager, memberId: number, type: CodeChannel): Promise<string> {
    const member = await manager.findOne(UserEntity, { where: { id: memberId }, select: { id: true, email: true, mobile: true } });
    return (type === 'email' ? member?.email : member?.mobile) ?? '';
  }

  private async passwordOf(manager: EntityManager, memberId: number): Promise<string> {
    const member = await manager.findOne(UserEntity, { where: { id: memberId }, select: { id: true, password: true } });
    if (!member) throw new AppError('member.member_not_found');
    return member.password;
  }
}

function positive(value: unknown, fallback: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 ? n : fallback;
}
