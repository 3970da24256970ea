import { Logger } from '@nestjs/common';
import type * as Mysql2 from 'mysql2';
import type { Pool, PoolConnection, PoolOptions } from 'mysql2';
import { onFirstUse } from '../on-first-use';
import { DatabaseUnavailableError, isNodeFailure } from './database-errors';
import { DatabaseHost, describeHost } from './database-url';

type ConnectionCallback = (error: Error | null, connection?: PoolConnection) => void;

export interface FailoverSettings {
  /** DB_URL's hosts, in order. */
  writers: DatabaseHost[];
  /** DB_READ_URL's hosts (empty without it); when all of them fail, reads go to the writers' hosts. */
  readers: DatabaseHost[];
  /** Longest wait for a connection (pool queue and connecting included) before the request fails. */
  acquireTimeoutMs: number;
  /** `SET SESSION ...` statements for each new connection (a failure is ignored: a server may not know one). */
  sessionStatements: string[];
}

const logger = new Logger('Database');
const livePools = new Set<FailoverPool>();

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when a MySQL database is used (SQLite sites and specs never load it)
const mysql2 = onFirstUse(() => require('mysql2') as typeof Mysql2);
/**
 * mysql2 as TypeORM loads it (the `driver` option), with pools that span several hosts: TypeORM's own pool
 * (`createPool`) and its replication cluster (`createPoolCluster`, used when DB_READ_URL is set) both become
 * FailoverPools.
 */
export function failoverDriver(settings: FailoverSettings): typeof Mysql2 {
  return {
    ...mysql2(),
    createPool: (config: PoolOptions) => new FailoverPool('writer', settings.writers, config, settings),
    createPoolCluster: () => new ReadWriteCluster(settings),
  } as unknown as typeof Mysql2;
}

/** Sends every pool back to its first host (SIGHUP: "go back", after the first node was repaired). */
export function returnToFirstHosts(): void {
  for (const pool of livePools) pool.returnToFirstHost();
}

/**
 * One connection pool per host, one host in use at a time. A node failure (refused or lost connection, a
 * Galera node that left the cluster) on the host in use moves the pool to the next host for good: it comes
 * back to the first only when told (SIGHUP) or restarted, so an app never flaps between nodes. When every
 * host fails, the caller gets the error (answered 503) and the next request tries again from where the pool
 * stands, so the app serves again by itself once a node is back.
 */
export class FailoverPool {
  private readonly pools: Array<Pool | undefined>;
  private current = 0;

  constructor(
    readonly role: 'writer' | 'reader',
    readonly hosts: DatabaseHost[],
    private readonly config: PoolOptions,
    private readonly settings: FailoverSettings,
  ) {
    this.pools = hosts.map(() => undefined);
    livePools.add(this);
  }

  get host(): DatabaseHost {
    return this.hosts[this.current];
  }

  getConnection(callback: ConnectionCallback): void {
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      callback(new DatabaseUnavailableError(`no ${this.role} connection within ${this.settings.acquireTimeoutMs} ms`));
    }, this.settings.acquireTimeoutMs);
    this.acquire(this.current, 1, (error, connection) => {
      if (settled) {
        connection?.release();
        return;
      }
      settled = true;
      clearTimeout(timer);
      callback(error, connection);
    });
  }

  end(callback?: (error?: Error | null) => void): void {
    livePools.delete(this);
    const open = this.pools.filter((pool): pool is Pool => !!pool);
    let left = open.length;
    if (!left) return void callback?.(null);
    for (const pool of open) pool.end(() => --left === 0 && callback?.(null));
  }

  returnToFirstHost(): void {
    if (this.current === 0) return;
    logger.log(`${this.role}: back to ${describeHost(this.hosts[0])} as told`);
    this.current = 0;
  }

  private acquire(index: number, attempt: number, callback: ConnectionCallback): void {
    this.poolAt(index).getConnection((error, connection) => {
      if (!error) return callback(null, connection);
      if (!isNodeFailure(error) || attempt >= this.hosts.length) return callback(error);
      this.moveOff(index, error);
      this.acquire((index + 1) % this.hosts.length, attempt + 1, callback);
    });
  }

  /** The host at `index` failed: if it is still the one in use, the next one takes over. */
  private moveOff(index: number, error: Error): void {
    if (this.current !== index || this.hosts.length < 2) return;
    this.current = (index + 1) % this.hosts.length;
    const code = (error as { code?: string }).code ?? error.message;
    logger.warn(`${this.role} ${describeHost(this.hosts[index])} failed (${code}): failing over to ${describeHost(this.hosts[this.current])}`);
  }

  private poolAt(index: number): Pool {
    const existing = this.pools[index];
    if (existing) return existing;
    const { host, port } = this.hosts[index];
    const pool = mysql2().createPool({ ...this.config, host, port });
    pool.on('connection', (connection) => this.watch(connection, index));
    this.pools[index] = pool;
    return pool;
  }

  /**
   * Each new connection: a listener for the errors mysql2 raises on idle connections (unhandled, they would
   * end the process), the session settings, and a check of every statement's failure so that a node
   * which stops serving while connected (a Galera node out of the primary component answers 1047) makes the
   * pool move on and its connection is not reused.
   */
  private watch(connection: PoolConnection, index: number): void {
    connection.on('error', () => undefined);
    for (const statement of this.settings.sessionStatements) connection.query(statement, () => undefined);
    const query = connection.query.bind(connection) as (...args: unknown[]) => unknown;
    (connection as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = (error: Error | null, ...rest: unknown[]) => {
          if (error && isNodeFailure(error)) {
            this.moveOff(index, error);
            connection.destroy();
          }
          return callback(error, ...rest);
        };
      }
      return query(...args);
    };
  }
}

/**
 * What TypeORM's replication needs of mysql2's PoolCluster: `MASTER` is the writers' FailoverPool, `SLAVE*`
 * the readers' (DB_READ_URL's hosts, then the writers'). Each keeps the credentials TypeORM gives it.
 */
class ReadWriteCluster {
  private writer?: FailoverPool;
  private reader?: FailoverPool;

  constructor(private readonly settings: FailoverSettings) {}

  add(name: string, config: PoolOptions): void {
    if (name === 'MASTER') this.writer = new FailoverPool('writer', this.settings.writers, config, this.settings);
    else this.reader ??= new FailoverPool('reader', [...this.settings.readers, ...this.settings.writers], config, this.settings);
  }

  getConnection(pattern: string, callback: ConnectionCallback): void {
    const pool = pattern === 'MASTER' ? this.writer : this.reader;
    if (!pool) return callback(new Error(`no database pool for ${pattern}`));
    pool.getConnection(callback);
  }

  end(callback?: (error?: Error | null) => void): void {
    const pools = [this.writer, this.reader].filter((pool): pool is FailoverPool => !!pool);
    let left = pools.length;
    if (!left) return void callback?.(null);
    for (const pool of pools) pool.end(() => --left === 0 && callback?.(null));
  }
}
