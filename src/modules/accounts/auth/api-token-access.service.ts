import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CacheRegistry } from '../../../shared/cache/cache-registry';
import { SITE_VERSION_SQL, SiteVersion, VersionedCache } from '../../../shared/cache/site-version';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { ApiTokenRef, AuthAdmin } from '../../../shared/http/auth.decorators';
import { unixNow } from '../../../shared/http/envelope';
import { apiTokenHash, apiTokenState, LAST_USED_GRANULARITY, lastUseDue, tokenNodes, tokenRuleIds } from '../domain/api-token';
import { AdminAccessService } from './admin-access.service';

export type ApiTokenCheck = { state: 'valid'; admin: AuthAdmin; token: ApiTokenRef } | { state: 'expired' } | { state: 'invalid' };

interface TokenRow {
  id: number | string;
  name: string;
  admin_id: number | string;
  rules: string | null;
  expire_time: number | string | null;
  last_used_time: number | string | null;
  status: number | string;
  site_version: number | string | null;
}

/**
 * An API token → the admin it acts for, with the permissions both the token's rules and the admin's current
 * rules grant. The token row is read on every request (one statement, the site version riding along as on a
 * session's token check), so a token deleted, disabled or expired is refused at the next request; the admin's
 * account and rights come from the same per-process cache as a session's (AdminAccessService, exact against
 * the site version: a disabled admin or a right taken from a group counts at once), and the rule names of a
 * token's rule ids from a cache filed under the same version (a rule renamed or switched off counts at once).
 * A token never acts as a super admin: it has exactly the nodes of its rules.
 */
@Injectable()
export class ApiTokenAccessService {
  private readonly logger = new Logger('ApiTokens');
  /** Rule ids as stored on a token (`'3,7'`) → the lower-cased names of those of them that are enabled. */
  private readonly ruleNodes: VersionedCache<string, ReadonlySet<string>>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
    private readonly admins: AdminAccessService,
    private readonly siteVersion: SiteVersion,
    caches: CacheRegistry,
  ) {
    this.ruleNodes = new VersionedCache(siteVersion, caches, 'rules');
  }

  async check(token: string, ip: string): Promise<ApiTokenCheck> {
    const [row]: TokenRow[] = await this.dataSource.query(
      `SELECT id, name, admin_id, rules, expire_time, last_used_time, status, ${SITE_VERSION_SQL} AS site_version FROM api_token WHERE token_hash = ?`,
      [apiTokenHash(token)],
    );
    if (!row) return { state: 'invalid' };
    this.siteVersion.observe(row.site_version);
    const now = unixNow();
    const state = apiTokenState({ status: Number(row.status), expire_time: row.expire_time === null ? null : Number(row.expire_time) }, now);
    if (state === 'disabled') return { state: 'invalid' };
    if (state === 'expired') return { state: 'expired' };
    const ref: ApiTokenRef = { id: Number(row.id), name: row.name };
    const account = await this.admins.authAdmin(Number(row.admin_id), `api-token:${ref.id}`);
    if (!account) return { state: 'invalid' };
    const rules = String(row.rules ?? '');
    const own = await this.ruleNodes.get(rules, () => this.namesOf(tokenRuleIds(rules)));
    await this.touch(ref.id, row.last_used_time === null ? null : Number(row.last_used_time), ip, now);
    return { state: 'valid', token: ref, admin: { ...account, isSuper: false, nodes: tokenNodes(account.nodes, account.isSuper, own), apiToken: ref } };
  }

  private async namesOf(ids: number[]): Promise<ReadonlySet<string>> {
    if (!ids.length) return new Set();
    const rows: Array<{ name: string }> = await this.dataSource.query(`SELECT name FROM admin_rule WHERE status = 1 AND id IN (${ids.map(() => '?').join(', ')})`, ids);
    return new Set(rows.map((r) => r.name.toLowerCase()));
  }

  /**
   * `last_used_time` and `last_used_ip`, written at most once a minute per token (not a write per request):
   * the row read above says when it was last written, and the conditional update lets one of several
   * processes that saw it due write it. A failure to write it is logged and never refuses the request.
   */
  private async touch(id: number, lastUsed: number | null, ip: string, now: number): Promise<void> {
    if (!lastUseDue(lastUsed, now)) return;
    await this.transactions
      .run((manager) =>
        manager.query('UPDATE api_token SET last_used_time = ?, last_used_ip = ? WHERE id = ? AND (last_used_time IS NULL OR last_used_time <= ?)', [now, ip.slice(0, 50), id, now - LAST_USED_GRANULARITY]),
      )
      .catch((error: Error) => this.logger.warn(`could not record the use of API token ${id}: ${error.message}`));
  }
}
