import { createServer, Server } from 'node:net';
import type { PoolConnection } from 'mysql2';
import { DatabaseUnavailableError, isDatabaseUnavailable } from '../../src/shared/database/database-errors';
import { DatabaseHost, parseMysqlUrl } from '../../src/shared/database/database-url';
import { FailoverPool, returnToFirstHosts } from '../../src/shared/database/failover-pool';
import { MysqlProxy } from '../support/mysql-proxy';
import { freePort } from '../support/server-process';

/**
 * The pool behind a DB_URL with several hosts: it writes to one host at a time, moves to the next when that
 * one fails, and goes back to the first only when told (SIGUSR2) — never by itself, so an app does not
 * flap between nodes. The "hosts" here are the test server and a proxy to it that comes and goes.
 */
describe('FailoverPool', () => {
  const server = parseMysqlUrl(process.env.DB_URL!);
  const real: DatabaseHost = server.hosts[0];
  const pools: FailoverPool[] = [];

  function pool(hosts: DatabaseHost[], acquireTimeoutMs = 3000): FailoverPool {
    const created = new FailoverPool('writer', hosts, { user: server.user, password: server.password, connectTimeout: 1000, connectionLimit: 2 }, { writers: hosts, readers: [], acquireTimeoutMs, sessionStatements: [] });
    pools.push(created);
    return created;
  }

  const connect = (from: FailoverPool) =>
    new Promise<PoolConnection>((resolve, reject) => from.getConnection((error, connection) => (error ? reject(error) : resolve(connection!))));

  const ping = async (from: FailoverPool) => {
    const connection = await connect(from);
    await new Promise((resolve, reject) => connection.query('SELECT 1', (error) => (error ? reject(error) : resolve(null))));
    connection.release();
  };

  afterAll(async () => {
    for (const created of pools) await new Promise((resolve) => created.end(resolve));
  });

  it('fails over from a host that is down, stays on the next when the first comes back, and goes back when told', async () => {
    const first = { host: '127.0.0.1', port: await freePort() };
    const failover = pool([first, real]);
    await ping(failover);
    expect(failover.host).toEqual(real);

    const proxy = new MysqlProxy(real);
    await proxy.listen(first.port);
    try {
      await ping(failover);
      expect(failover.host).toEqual(real);
      expect(proxy.connections).toBe(0);

      returnToFirstHosts();
      expect(failover.host).toEqual(first);
      await ping(failover);
      expect(proxy.connections).toBe(1);
    } finally {
      await proxy.close();
    }
    // The first host fails again: the next statement breaks, and the pool moves on by itself.
    await ping(failover).catch(() => undefined);
    await ping(failover);
    expect(failover.host).toEqual(real);
  });

  it('answers a node failure, which the app reports as 503, when every host is down', async () => {
    const failover = pool([{ host: '127.0.0.1', port: await freePort() }, { host: '127.0.0.1', port: await freePort() }]);
    const error = await connect(failover).catch((e) => e);
    expect(error.code).toBe('ECONNREFUSED');
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('gives up waiting for a host that accepts connections but never answers', async () => {
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const failover = pool([{ host: '127.0.0.1', port: (silent.address() as { port: number }).port }], 500);
      const error = await connect(failover).catch((e) => e);
      expect(error).toBeInstanceOf(DatabaseUnavailableError);
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      silent.close();
    }
  });
});
