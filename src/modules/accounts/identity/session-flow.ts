import { Injectable } from '@nestjs/common';
import { EntityManager, EntityTarget } from 'typeorm';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { AppError } from '../../../shared/http/app-error';
import { unixNow } from '../../../shared/http/envelope';
import { ClickCaptchaService, isLoginCaptchaEnabled } from '../../platform';
import { LoginAttemptsService, SignInCandidate } from '../auth/login-attempts.service';
import { TokenService } from '../auth/token.service';

/** What a sign-in form sends, admin or member. */
export interface SignInInput {
  username: string;
  password: string;
  keep?: boolean;
  captchaId?: string;
  captchaInfo?: string;
  ip: string;
}

/** An identity as sessions see it: its token kind and its account table. */
export interface SessionIdentity {
  kind: 'admin' | 'user';
  account: EntityTarget<{ id: number }>;
}

/** The account a sign-in found by its name (or null): what the password check needs. */
export type FoundAccount = SignInCandidate | null;

/** The tokens a sign-in issues: an access token, and a refresh token when the form asked to stay signed in. */
export interface IssuedTokens {
  token: string;
  refreshToken: string;
}

/**
 * Sign-in and sign-out, one flow for admins and members: the click captcha (when on), the password check
 * with lockout (LoginAttemptsService), the login stamps and the tokens in one transaction; sign-out revokes
 * the access token and the refresh token of the same account. Refresh is RefreshSessionService's.
 */
@Injectable()
export class SessionFlow {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly tokens: TokenService,
    private readonly captcha: ClickCaptchaService,
    private readonly attempts: LoginAttemptsService,
  ) {}

  /** Refuses a sign-in without a solved captcha while the captcha is on. */
  async checkCaptcha(input: Pick<SignInInput, 'captchaId' | 'captchaInfo'>): Promise<void> {
    if (!isLoginCaptchaEnabled()) return;
    if (!input.captchaId || !input.captchaInfo) throw new AppError('accounts.captcha_required');
    if (!(await this.captcha.verify(input.captchaId, input.captchaInfo, true))) throw new AppError('accounts.captcha_error');
  }

  /**
   * The password check of `found` (the same work and answer whether or not it exists), then, in one
   * transaction, the login stamps, the tokens and what `present` makes of the signed-in account.
   */
  async signIn<T>(identity: SessionIdentity, input: SignInInput, found: FoundAccount, present: (manager: EntityManager, id: number, tokens: IssuedTokens) => Promise<T>): Promise<T> {
    const account = await this.attempts.check(identity.kind, input.username, found, input.password, input.ip);
    const now = unixNow();
    return this.transactions.run(async (manager) => {
      await manager.update(identity.account, { id: account.id }, { login_failure: 0, lastlogintime: now, lastloginip: input.ip } as never);
      return present(manager, account.id, await this.issue(manager, identity, account.id, Boolean(input.keep)));
    });
  }

  /** The tokens of a new session of the account. */
  async issue(manager: EntityManager, identity: SessionIdentity, accountId: number, keep: boolean): Promise<IssuedTokens> {
    const token = await this.tokens.issueAccess(manager, identity.kind, accountId);
    const refreshToken = keep ? await this.tokens.issueRefresh(manager, `${identity.kind}-refresh`, accountId) : '';
    return { token, refreshToken };
  }

  /** Revokes the access token, and the refresh token when given; a missing or foreign token is ignored. */
  async signOut(identity: SessionIdentity, accessToken: string | undefined, refreshToken: string | undefined): Promise<void> {
    const access = accessToken ? this.tokens.accessTokenId(accessToken, identity.kind) : null;
    if (!access) return;
    await this.transactions.run(async (manager) => {
      await this.tokens.revoke(manager, access.tokenId);
      if (refreshToken) await this.tokens.revokeRefresh(manager, refreshToken, access.accountId);
    });
  }
}
