import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { OauthAccountAnswer, OauthProviderButton } from '../../../../contract/oauth';
import { executeCounting, isDuplicateKey } from '../../../shared/database/sql-dialect';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { AppError } from '../../../shared/http/app-error';
import { unixNow } from '../../../shared/http/envelope';
import { ExternalSignIn } from '../../accounts';
import { AttemptBudget, type BudgetPolicy } from '../../platform';
import { codeChallenge, IdTokenError, randomToken, sitePath, ticketHash, verifyIdToken } from '../domain/oauth-tokens';
import { OauthLogEntity, OauthProviderEntity, OauthTicketEntity, TICKET, UserOauthEntity } from '../persistence/oauth.entities';
import { endpointsOf, exchangeCode, keysOf, userinfoOf } from './provider-client';

/** A state or a bind token is good for this long. */
const TICKET_SECONDS = 600;

/**
 * Sign-ins an address may start (each writes a ticket): 30 within 10 minutes, the 30th starting a wait of 10
 * seconds before the next, doubling with each further one up to 10 minutes.
 */
const AUTHORIZE_BUDGET: BudgetPolicy = { free: 29, firstWait: 10, maxWait: 600, window: 600 };

/** Who asks, from where: the member signed in (0: nobody) and the address. */
export interface Caller {
  memberId: number;
  ip: string;
}

/** What the callback answers: a session, a link made for the signed-in member, or a bind token. */
export type CallbackAnswer =
  | { kind: 'signed_in'; userInfo: unknown; routePath: string; registered: boolean }
  | { kind: 'linked'; routePath: string }
  | { kind: 'bind'; bind_token: string; provider: string; nickname: string; routePath: string };

/** A provider account as the callback found it. */
interface ProviderAccount {
  subject: string;
  nickname: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/**
 * Third-party sign-in, authorization code flow with PKCE (S256), a single-use `state` stored server-side (as
 * its hash, with an expiry), and for OpenID Connect a `nonce` checked in the id_token, which is verified here
 * (RS256 with the provider's JWKS; issuer, audience, expiry). Every callback, bind and unbind is a row of
 * `oauth_log` whatever its outcome.
 */
@Injectable()
export class OauthSignIn {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly members: ExternalSignIn,
    private readonly budgets: AttemptBudget,
  ) {}

  /** The enabled providers, for the sign-in page's buttons. */
  async providers(): Promise<OauthProviderButton[]> {
    const rows = await this.transactions.manager.find(OauthProviderEntity, { where: { status: 1 }, order: { weigh: 'DESC', id: 'ASC' }, select: { id: true, name: true } });
    return rows.map((row) => ({ id: row.id, name: row.name }));
  }

  /** `GET /api/oauth/authorize`: a state (with its verifier, nonce, return path and member) and the provider's URL. */
  async authorize(providerId: number, redirect: unknown, redirectUri: string, caller: Caller): Promise<{ url: string }> {
    const provider = await this.enabledProvider(providerId);
    const budget = await this.budgets.claim(`oauth-authorize:${caller.ip}`, AUTHORIZE_BUDGET);
    if (!budget.allowed) throw new AppError('oauth.too_many', { seconds: budget.retryAfter });
    const endpoints = await endpointsOf(provider);
    const state = randomToken();
    const verifier = randomToken(48);
    const nonce = provider.type === 1 ? randomToken() : '';
    const now = unixNow();
    await this.transactions.run(async (manager) => {
      // tickets past their time go as new ones come (bounded work: the oldest few)
      await manager.query('DELETE FROM oauth_ticket WHERE expire_time < ?', [now - TICKET_SECONDS]);
      await manager.insert(OauthTicketEntity, {
        kind: TICKET.state,
        token_hash: ticketHash(state),
        provider_id: provider.id,
        code_verifier: verifier,
        nonce,
        redirect: sitePath(redirect),
        redirect_uri: redirectUri,
        user_id: caller.memberId,
        subject: '',
        nickname: '',
        expire_time: now + TICKET_SECONDS,
        createtime: now,
      });
    });
    const url = new URL(endpoints.authorize);
    const params: Record<string, string> = {
      response_type: 'code',
      client_id: provider.client_id,
      redirect_uri: redirectUri,
      scope: provider.scopes || (provider.type === 1 ? 'openid' : ''),
      state,
      code_challenge: codeChallenge(verifier),
      code_challenge_method: 'S256',
    };
    if (nonce) params.nonce = nonce;
    for (const [key, value] of Object.entries(params)) if (value) url.searchParams.set(key, value);
    return { url: url.toString() };
  }

  /** `GET /api/oauth/callback`: the state taken (once), the code exchanged, the account found, then a session, a link or a bind token. */
  async callback(code: unknown, state: unknown, caller: Caller): Promise<CallbackAnswer> {
    const ticket = await this.take(TICKET.state, state).catch(async (error: unknown) => {
      await this.log(0, caller.memberId, 'callback', false, error, caller.ip);
      throw error;
    });
    const memberId = ticket.user_id || caller.memberId;
    try {
      if (typeof code !== 'string' || !code || code.length > 2048) throw new AppError('oauth.code_refused');
      const provider = await this.enabledProvider(ticket.provider_id);
      const account = await this.account(provider, ticket, code);
      const answer = await this.conclude(provider, ticket, account, caller);
      const reason = answer.kind === 'signed_in' ? (answer.registered ? 'registered' : 'signed_in') : answer.kind === 'linked' ? 'linked' : 'bind_needed';
      const who = answer.kind === 'signed_in' ? Number((answer.userInfo as { id: number }).id) : memberId;
      await this.log(provider.id, who, 'callback', true, reason, caller.ip);
      return answer;
    } catch (error) {
      await this.log(ticket.provider_id, memberId, 'callback', false, error, caller.ip);
      throw error;
    }
  }

  /** `POST /api/oauth/bind`: the password of an existing member proves it; the account is linked and the member signed in. */
  async bind(bindToken: string, username: string, password: string, caller: Caller): Promise<{ userInfo: unknown; routePath: string }> {
    const hash = ticketHash(bindToken);
    const ticket = await this.transactions.manager.findOne(OauthTicketEntity, { where: { token_hash: hash, kind: TICKET.bind } });
    try {
      if (!ticket || ticket.expire_time < unixNow()) throw new AppError('oauth.bind_token_invalid');
      const userInfo = await this.members.withPassword(username, password, caller.ip, async (manager, memberId) => {
        // single use: the token goes in the transaction that links, or the link does not happen
        if ((await executeCounting(manager, 'DELETE FROM oauth_ticket WHERE id = ? AND token_hash = ?', [ticket.id, hash])) !== 1) throw new AppError('oauth.bind_token_invalid');
        await this.link(manager, memberId, ticket.provider_id, { subject: ticket.subject, nickname: ticket.nickname });
      });
      await this.log(ticket.provider_id, Number((userInfo as { id: number }).id), 'bind', true, 'bound', caller.ip);
      return { userInfo, routePath: ticket.redirect || '/user' };
    } catch (error) {
      await this.log(ticket?.provider_id ?? 0, 0, 'bind', false, error, caller.ip);
      throw error;
    }
  }

  /** `GET /api/account/oauth`: the member's linked accounts and the providers it has not linked yet. */
  async accountLinks(memberId: number): Promise<OauthAccountAnswer> {
    const rows: Array<Record<string, unknown>> = await this.transactions.manager.query(
      'SELECT l.provider_id, p.name AS provider_name, l.nickname, l.createtime FROM user_oauth l JOIN oauth_provider p ON p.id = l.provider_id WHERE l.user_id = ? ORDER BY l.id',
      [memberId],
    );
    const links = rows.map((r) => ({ provider_id: Number(r.provider_id), provider_name: String(r.provider_name), nickname: String(r.nickname ?? ''), createtime: Number(r.createtime ?? 0) }));
    const linked = new Set(links.map((l) => l.provider_id));
    return { links, providers: (await this.providers()).filter((p) => !linked.has(p.id)) };
  }

  /** `POST /api/account/oauthUnbind`: the member's link to the provider removed. */
  async unbind(memberId: number, providerId: number, ip: string): Promise<void> {
    const removed = await this.transactions.run((manager) => executeCounting(manager, 'DELETE FROM user_oauth WHERE user_id = ? AND provider_id = ?', [memberId, providerId]));
    if (!removed) {
      await this.log(providerId, memberId, 'unbind', false, 'oauth.not_linked', ip);
      throw new AppError('oauth.not_linked');
    }
    await this.log(providerId, memberId, 'unbind', true, 'unbound', ip);
  }

  private async enabledProvider(id: number): Promise<OauthProviderEntity> {
    const provider = Number.isInteger(id) && id > 0 ? await this.transactions.manager.findOne(OauthProviderEntity, { where: { id } }) : null;
    if (!provider || provider.status !== 1) throw new AppError('oauth.provider_not_found');
    return provider;
  }

  /** Takes a ticket once: the conditional delete decides which of two racing requests gets it. */
  private async take(kind: number, token: unknown): Promise<OauthTicketEntity> {
    if (typeof token !== 'string' || !token || token.length > 100) throw new AppError('oauth.state_invalid');
    const hash = ticketHash(token);
    const ticket = await this.transactions.run(async (manager) => {
      const found = await manager.findOne(OauthTicketEntity, { where: { token_hash: hash, kind } });
      if (!found) throw new AppError('oauth.state_invalid');
      if ((await executeCounting(manager, 'DELETE FROM oauth_ticket WHERE id = ? AND token_hash = ?', [found.id, hash])) !== 1) throw new AppError('oauth.state_invalid');
      return found;
    });
    // an expired state is gone all the same (deleted above): it cannot be tried again
    if (ticket.expire_time < unixNow()) throw new AppError('oauth.state_expired');
    return ticket;
  }

  /** The provider account behind the code: the verified id_token's subject (OpenID Connect) or the userinfo's id field (OAuth 2.0). */
  private async account(provider: OauthProviderEntity, ticket: OauthTicketEntity, code: string): Promise<ProviderAccount> {
    const endpoints = await endpointsOf(provider);
    const tokens = await exchangeCode(provider, endpoints, code, ticket.code_verifier, ticket.redirect_uri);
    if (provider.type === 1) {
      let claims;
      try {
        claims = verifyIdToken(tokens.id_token, { issuer: endpoints.issuer, clientId: provider.client_id, nonce: ticket.nonce, now: unixNow(), keys: await keysOf(endpoints) });
      } catch (error) {
        if (error instanceof IdTokenError) throw new AppError(`oauth.id_token_${error.reason}`);
        throw error;
      }
      return { subject: claims.sub, nickname: text(claims.name) || text(claims.preferred_username) || text(claims.email) };
    }
    const info = await userinfoOf(endpoints, text(tokens.access_token));
    const subject = text(info[provider.id_field || 'id']);
    if (!subject || subject.length > 255) throw new AppError('oauth.no_account_id');
    return { subject, nickname: text(info.name) || text(info.login) || text(info.nickname) };
  }

  private async conclude(provider: OauthProviderEntity, ticket: OauthTicketEntity, account: ProviderAccount, caller: Caller): Promise<CallbackAnswer> {
    const routePath = ticket.redirect || '/user';
    const existing = await this.transactions.manager.findOne(UserOauthEntity, { where: { provider_id: provider.id, subject: account.subject } });
    if (ticket.user_id) {
      if (existing && existing.user_id !== ticket.user_id) throw new AppError('oauth.linked_elsewhere');
      if (!existing) await this.transactions.run((manager) => this.link(manager, ticket.user_id, provider.id, account));
      return { kind: 'linked', routePath };
    }
    if (existing) return { kind: 'signed_in', userInfo: await this.members.signIn(existing.user_id, caller.ip), routePath, registered: false };
    if (provider.register) {
      const userInfo = await this.members.register(account.nickname || provider.name, caller.ip, (manager, memberId) => this.link(manager, memberId, provider.id, account));
      return { kind: 'signed_in', userInfo, routePath, registered: true };
    }
    const bindToken = randomToken();
    const now = unixNow();
    await this.transactions.run((manager) =>
      manager.insert(OauthTicketEntity, {
        kind: TICKET.bind,
        token_hash: ticketHash(bindToken),
        provider_id: provider.id,
        code_verifier: '',
        nonce: '',
        redirect: routePath,
        redirect_uri: '',
        user_id: 0,
        subject: account.subject,
        nickname: account.nickname.slice(0, 100),
        expire_time: now + TICKET_SECONDS,
        createtime: now,
      }),
    );
    return { kind: 'bind', bind_token: bindToken, provider: provider.name, nickname: account.nickname, routePath };
  }

  private async link(manager: EntityManager, memberId: number, providerId: number, account: ProviderAccount): Promise<void> {
    try {
      await manager.insert(UserOauthEntity, { user_id: memberId, provider_id: providerId, subject: account.subject, nickname: account.nickname.slice(0, 100), createtime: unixNow() });
    } catch (error) {
      if (isDuplicateKey(error)) throw new AppError('oauth.already_linked');
      throw error;
    }
  }

  /** One row of the log: the outcome, or the message key of the refusal. Never fails the request it records. */
  private async log(providerId: number, memberId: number, action: string, ok: boolean, outcome: unknown, ip: string): Promise<void> {
    const reason = typeof outcome === 'string' ? outcome : outcome instanceof AppError ? outcome.messageKey : 'error';
    await this.transactions
      .run((manager) => manager.insert(OauthLogEntity, { provider_id: providerId, user_id: memberId, action, result: ok ? 1 : 0, reason: reason.slice(0, 100), ip: ip.slice(0, 50), createtime: unixNow() }))
      .catch(() => undefined);
  }
}
