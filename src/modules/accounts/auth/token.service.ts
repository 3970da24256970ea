import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, LessThan, Not, Repository } from 'typeorm';
import { SITE_VERSION_SQL, SiteVersion } from '../../../shared/cache/site-version';
import { unixNow } from '../../../shared/http/envelope';
import { TokenEntity, TokenType } from '../persistence/token.entity';

export type AccessKind = 'admin' | 'user';
export type RefreshKind = 'admin-refresh' | 'user-refresh';

export const REFRESH_TTL = 30 * 86400;

export type AccessCheck =
  | { state: 'valid'; accountId: number; tokenId: string }
  | { state: 'expired'; accountId: number; tokenId: string }
  | { state: 'invalid' };

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** An access token's account and the site version, by the token's id and kind. */
const TOKEN_CHECK_SQL = `SELECT account_id, ${SITE_VERSION_SQL} AS site_version FROM token WHERE id = ? AND type = ?`;

/**
 * Access tokens are signed JWTs whose id is recorded (hashed) in `token`, so logout and password changes
 * revoke them. Refresh tokens are random, stored only as hashes, and rotated on every use.
 */
@Injectable()
export class TokenService {
  constructor(
    private readonly jwt: JwtService,
    @InjectRepository(TokenEntity) private readonly tokens: Repository<TokenEntity>,
    private readonly siteVersion: SiteVersion,
  ) {}

  accessTtl(kind: AccessKind): number {
    const configured = Number(kind === 'admin' ? process.env.ADMIN_TOKEN_TTL : process.env.USER_TOKEN_TTL);
    return Number.isFinite(configured) && configured > 0 ? configured : 259200;
  }

  async issueAccess(manager: EntityManager, kind: AccessKind, accountId: number): Promise<string> {
    const jti = randomUUID();
    const now = unixNow();
    const exp = now + this.accessTtl(kind);
    await manager.insert(TokenEntity, { id: sha256(jti), type: kind, account_id: accountId, createtime: now, expiretime: exp });
    return this.jwt.sign({ sub: accountId, typ: kind, jti, iat: now, exp });
  }

  async issueRefresh(manager: EntityManager, kind: RefreshKind, accountId: number): Promise<string> {
    const raw = randomBytes(32).toString('base64url');
    const now = unixNow();
    await manager.insert(TokenEntity, { id: sha256(raw), type: kind, account_id: accountId, createtime: now, expiretime: now + REFRESH_TTL });
    await this.purgeExpired(manager, now);
    return raw;
  }

  async checkAccess(token: string, kind: AccessKind): Promise<AccessCheck> {
    let payload: { sub?: number; typ?: string; jti?: string; exp?: number };
    try {
      payload = this.jwt.verify(token, { ignoreExpiration: true });
    } catch {
      return { state: 'invalid' };
    }
    if (payload.typ !== kind || !payload.jti || !Number.isInteger(payload.sub)) return { state: 'invalid' };
    const tokenId = sha256(payload.jti);
    // the site version rides along: the caches of this request's settings and rights check against it. One
    // fixed statement, not a query builder: it runs on every authenticated request
    const [row]: Array<{ account_id: number | string; site_version: number | string | null }> = await this.tokens.manager.query(TOKEN_CHECK_SQL, [tokenId, kind]);
    if (row) this.siteVersion.observe(row.site_version);
    if (!row || Number(row.account_id) !== payload.sub) return { state: 'invalid' };
    const expired = (payload.exp ?? 0) <= unixNow();
    return { state: expired ? 'expired' : 'valid', accountId: Number(row.account_id), tokenId };
  }

  /** Reads an access token's id even when expired (refresh and logout revoke it). */
  accessTokenId(token: string, kind: AccessKind): { tokenId: string; accountId: number } | null {
    try {
      const payload = this.jwt.verify<{ sub: number; typ: string; jti: string }>(token, { ignoreExpiration: true });
      return payload.typ === kind && payload.jti ? { tokenId: sha256(payload.jti), accountId: payload.sub } : null;
    } catch {
      return null;
    }
  }

  /**
   * Consumes a refresh token: the conditional delete makes two concurrent uses of one token succeed once.
   * Answers the account it belonged to, or null when unknown, expired or already used.
   */
  async consumeRefresh(manager: EntityManager, raw: string): Promise<{ kind: RefreshKind; accountId: number } | null> {
    const id = sha256(raw);
    const row = await manager.findOne(TokenEntity, { where: { id, type: In(['admin-refresh', 'user-refresh']) } });
    if (!row) return null;
    const result = await manager.delete(TokenEntity, { id, type: row.type });
    if (!result.affected || (row.expiretime ?? 0) <= unixNow()) return null;
    return { kind: row.type as RefreshKind, accountId: row.account_id };
  }

  async revoke(manager: EntityManager, tokenId: string): Promise<void> {
    await manager.delete(TokenEntity, { id: tokenId });
  }

  async revokeRefresh(manager: EntityManager, raw: string, accountId: number): Promise<void> {
    await manager.delete(TokenEntity, { id: sha256(raw), account_id: accountId, type: In(['admin-refresh', 'user-refresh']) });
  }

  /** Signs an account out everywhere (password change, account disabled). */
  async revokeAll(manager: EntityManager, types: TokenType[], accountId: number): Promise<void> {
    await manager.delete(TokenEntity, { account_id: accountId, type: In(types) });
  }

  /** Signs an account out of every other session: other access tokens and all refresh tokens. */
  async revokeAllExcept(manager: EntityManager, kind: AccessKind, accountId: number, keepTokenId: string): Promise<void> {
    await manager.delete(TokenEntity, { account_id: accountId, type: kind, id: Not(keepTokenId) });
    await manager.delete(TokenEntity, { account_id: accountId, type: `${kind}-refresh` as TokenType });
  }

  /**
   * A short-lived pass (`email-pass` / `mobile-pass`, account/verification): proof that the member just
   * showed a code sent to the current address. Random, stored only as a hash.
   */
  async issuePass(manager: EntityManager, kind: 'email-pass' | 'mobile-pass', accountId: number, ttl: number): Promise<string> {
    const raw = randomBytes(32).toString('base64url');
    const now = unixNow();
    await manager.delete(TokenEntity, { account_id: accountId, type: kind });
    await manager.insert(TokenEntity, { id: sha256(raw), type: kind, account_id: accountId, createtime: now, expiretime: now + ttl });
    return raw;
  }

  /** Uses up a pass of the account: true once, while it is valid. */
  async consumePass(manager: EntityManager, kind: 'email-pass' | 'mobile-pass', accountId: number, raw: string): Promise<boolean> {
    if (typeof raw !== 'string' || !raw || raw.length > 200) return false;
    const id = sha256(raw);
    const row = await manager.findOne(TokenEntity, { where: { id, type: kind, account_id: accountId } });
    if (!row) return false;
    const result = await manager.delete(TokenEntity, { id, type: kind, account_id: accountId });
    return Boolean(result.affected) && (row.expiretime ?? 0) > unixNow();
  }

  private async purgeExpired(manager: EntityManager, now: number): Promise<void> {
    // On sign-in and refresh rather than on every request; a day's grace keeps 409 answers meaningful.
    await manager.delete(TokenEntity, { expiretime: LessThan(now - 86400) });
  }
}
