/**
 * `mysql://user:pass@host1:port1,host2:port2/db`: WHATWG `URL` refuses a list of hosts, so MySQL URLs are
 * read here. Several hosts are the nodes of one Galera cluster (or a primary first, then its stand-ins):
 * the app writes to one at a time, in the order given (see failover-pool.ts).
 */
export interface DatabaseHost {
  host: string;
  port: number;
}

export interface MysqlTarget {
  user: string;
  password: string;
  hosts: DatabaseHost[];
  database: string;
}

const DATABASE_NAME = /^[A-Za-z0-9_]+$/;

export function parseMysqlUrl(text: string, variable = 'DB_URL'): MysqlTarget {
  const match = /^(mysql|mariadb):\/\/(.*)$/i.exec(text.trim());
  if (!match) throw new Error(`${variable} must start with mysql:// (got ${text.split('//')[0]}//)`);
  const rest = match[2];
  // The user and password come before the last "@" ahead of the path (encode "@", "/" and ":" inside them).
  const slash = rest.indexOf('/', rest.lastIndexOf('@') + 1);
  const authority = slash < 0 ? rest : rest.slice(0, slash);
  const path = slash < 0 ? '' : rest.slice(slash + 1).replace(/[?#].*$/, '');
  const at = authority.lastIndexOf('@');
  const [user, password = ''] = (at < 0 ? '' : authority.slice(0, at)).split(/:(.*)/s, 2);
  const hosts = (at < 0 ? authority : authority.slice(at + 1)).split(',').map((entry) => parseHost(entry, variable));
  const database = decodeURIComponent(path);
  if (!DATABASE_NAME.test(database)) throw new Error(`${variable}: name the database after the hosts (/wms), with only letters, digits and _`);
  return { user: decodeURIComponent(user || 'root'), password: decodeURIComponent(password), hosts, database };
}

function parseHost(entry: string, variable: string): DatabaseHost {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]\s]+)(?::(\d{1,5}))?$/.exec(entry.trim());
  if (!match) throw new Error(`${variable}: "${entry}" is not a host or host:port`);
  const port = Number(match[2] ?? 3306);
  if (port < 1 || port > 65535) throw new Error(`${variable}: port ${port} is out of range`);
  return { host: match[1].replace(/^\[(.*)\]$/, '$1'), port };
}

/** The URL of `target` (password masked unless `withPassword`): for messages, and for tests that rename the database. */
export function formatMysqlUrl(target: MysqlTarget, withPassword = false): string {
  const password = target.password ? `:${withPassword ? encodeURIComponent(target.password) : '***'}` : '';
  const hosts = target.hosts.map(({ host, port }) => `${host.includes(':') ? `[${host}]` : host}:${port}`).join(',');
  return `mysql://${encodeURIComponent(target.user)}${password}@${hosts}/${target.database}`;
}

export function describeHost({ host, port }: DatabaseHost): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}
