import { Global, Injectable, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CacheRegistry, CacheType } from './cache-registry';
import { currentScope } from '../http/request-context';

/**
 * What every request used to read again — the site time zone, a page's remark, the signed-in admin's account
 * and rights — cached per process and checked against one number, the site version: the row
 * `cache_version.name = 'site'`, which triggers in the database raise in the same transaction as any change
 * to the tables those values come from (config, admin_rule, admin_group, admin_group_access, an admin's
 * username, nickname or status, and a webhook's events or status). So a change made through any app process, or by SQL, is seen at once by
 * every process; nothing is ever stale.
 *
 * Reading the version costs no statement of its own on an admin or member request: the token check, which
 * runs first anyway (a revoked token must fail at once), carries it along (`SITE_VERSION_SQL`) and records it
 * for the rest of the request. Elsewhere (public routes, jobs, scripts) the version is read once per request
 * or call — still one statement instead of one per cached value.
 */

/** The version as a scalar subquery, for a statement that runs on every request to carry along. */
export const SITE_VERSION_SQL = "(SELECT version FROM cache_version WHERE name = 'site')";

@Injectable()
export class SiteVersion {
  constructor(private readonly dataSource: DataSource) {}

  /** Records the version a statement of the current request read along (null: no version row). */
  observe(version: unknown): void {
    const store = currentScope();
    if (store && version !== null && version !== undefined) store.siteVersion = Number(version);
  }

  /** The version this request's token check read, without reading (undefined outside a request or before the check). */
  known(): number | undefined {
    return currentScope()?.siteVersion;
  }

  /** The site version for the current request: the one its token check read, else read now (and kept for the request). */
  async current(): Promise<number> {
    const store = currentScope();
    if (store?.siteVersion !== undefined) return store.siteVersion;
    const rows: Array<{ version: number | string | null }> = await this.dataSource.query(`SELECT ${SITE_VERSION_SQL} AS version`);
    const version = Number(rows[0]?.version ?? 0);
    if (store) store.siteVersion = version;
    return version;
  }
}

/**
 * Values computed from the database, kept while the site version stays the same. The version is read before
 * the value is computed, so a value is never older than the version it is filed under; a change that commits
 * in between only files a newer value under the older version, which the next version replaces.
 */
export class VersionedCache<K, V> {
  private readonly entries = new Map<K, { version: number; value: V }>();

  constructor(
    private readonly version: SiteVersion,
    caches: CacheRegistry,
    type: CacheType,
    /** Entries kept at most (all are dropped when full: the keys are accounts and pages, a bounded set). */
    private readonly limit = 10_000,
  ) {
    caches.register(type, () => this.entries.clear());
  }

  async get(key: K, compute: () => Promise<V>): Promise<V> {
    const version = await this.version.current();
    const hit = this.entries.get(key);
    if (hit && hit.version === version) return hit.value;
    const value = await compute();
    if (this.entries.size >= this.limit) this.entries.clear();
    this.entries.set(key, { version, value });
    return value;
  }

  /**
   * The value kept at the version this request already knows, without reading anything (undefined when
   * there is none). For code inside a transaction: a miss there is read on the transaction's own connection
   * and not kept, since the transaction may itself have changed what the value comes from.
   */
  peek(key: K): V | undefined {
    const version = this.version.known();
    const hit = this.entries.get(key);
    return hit && version !== undefined && hit.version === version ? hit.value : undefined;
  }

  clear(): void {
    this.entries.clear();
  }
}

/** Global, so any context can cache against the site version without importing the platform context. */
@Global()
@Module({ providers: [SiteVersion], exports: [SiteVersion] })
export class SiteVersionModule {}
