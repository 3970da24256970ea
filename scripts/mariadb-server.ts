import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createConnection } from 'mysql2/promise';

/**
 * A MariaDB server of its own (datadir, port, socket) for specs and CI: a throwaway server a spec stops and
 * restarts, or a node of a Galera cluster on loopback (scripts/galera-local.ts). Never the machine's own
 * server: everything lives under `dir`. Started as the `mysql` user when run as root (mariadbd refuses
 * root), detached, so that a script may start a cluster and exit; stopped by the pid in its pid file.
 */
export interface GaleraNodeOptions {
  clusterName: string;
  /** gcomm ports of every node (the cluster address), and this node's. */
  gcommPorts: number[];
  gcommPort: number;
  istPort: number;
  sstPort: number;
  /** The first node bootstraps the cluster (`--wsrep-new-cluster`). */
  bootstrap: boolean;
}

export interface MariadbServerOptions {
  dir: string;
  name: string;
  port: number;
  galera?: GaleraNodeOptions;
}

const GALERA_PROVIDER = '/usr/lib/galera/libgalera_smm.so';

export class MariadbServer {
  constructor(readonly options: MariadbServerOptions) {}

  get port(): number {
    return this.options.port;
  }

  get datadir(): string {
    return join(this.options.dir, this.options.name);
  }

  private get file(): (suffix: string) => string {
    return (suffix) => join(this.options.dir, `${this.options.name}.${suffix}`);
  }

  /** The pid of the running server, from its pid file (null when it is not running). */
  get pid(): number | null {
    const pidFile = this.file('pid');
    if (!existsSync(pidFile)) return null;
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    return pid && isAlive(pid) ? pid : null;
  }

  /** Creates the datadir (mariadb-install-db) and the option file; root may connect over TCP without a password. */
  install(): void {
    mkdirSync(this.options.dir, { recursive: true });
    const asRoot = process.getuid?.() === 0;
    if (asRoot) chownSync(this.options.dir, ...mysqlIds());
    execFileSync(
      'mariadb-install-db',
      ['--no-defaults', `--datadir=${this.datadir}`, ...(asRoot ? ['--user=mysql'] : []), '--auth-root-authentication-method=normal', '--skip-test-db', '--innodb-log-file-size=16M'],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    writeFileSync(this.file('cnf'), this.optionFile(asRoot));
  }

  /** Starts mariadbd and waits until it serves (a Galera node: until it is synced with the cluster). */
  async start(timeoutMs = 120000): Promise<void> {
    const args = [`--defaults-file=${this.file('cnf')}`, ...(this.options.galera?.bootstrap ? ['--wsrep-new-cluster'] : [])];
    const child = spawn(mariadbd(), args, { detached: true, stdio: 'ignore' });
    child.unref();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (await this.ready()) return;
      if (child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`${this.options.name} did not start on port ${this.port}: ${this.errorLog().slice(-1500)}`);
      }
      await sleep(300);
    }
  }

  /** A clean shutdown (SIGTERM), waiting until the process is gone. */
  async stop(timeoutMs = 60000): Promise<void> {
    await this.signal('SIGTERM', timeoutMs);
  }

  /** The node dies at once, as in a power cut (SIGKILL). */
  async kill(): Promise<void> {
    await this.signal('SIGKILL', 10000);
  }

  errorLog(): string {
    return existsSync(this.file('err')) ? readFileSync(this.file('err'), 'utf8') : '';
  }

  private async signal(signal: NodeJS.Signals, timeoutMs: number): Promise<void> {
    const pid = this.pid;
    if (!pid) return;
    process.kill(pid, signal);
    const deadline = Date.now() + timeoutMs;
    while (isAlive(pid)) {
      if (Date.now() > deadline) {
        process.kill(pid, 'SIGKILL');
        await sleep(500);
        break;
      }
      await sleep(100);
    }
  }

  private async ready(): Promise<boolean> {
    const connection = await createConnection({ host: '127.0.0.1', port: this.port, user: 'root', connectTimeout: 1000 }).catch(() => null);
    if (!connection) return false;
    try {
      if (!this.options.galera) return true;
      const [rows] = await connection.query("SHOW STATUS LIKE 'wsrep_local_state_comment'");
      return (rows as Array<{ Value: string }>)[0]?.Value === 'Synced';
    } catch {
      return false;
    } finally {
      await connection.end().catch(() => undefined);
    }
  }

  private optionFile(asRoot: boolean): string {
    const { name, port, galera } = this.options;
    const lines = [
      '[mysqld]',
      `datadir=${this.datadir}`,
      `port=${port}`,
      'bind-address=127.0.0.1',
      `socket=${this.file('sock')}`,
      `pid-file=${this.file('pid')}`,
      `log-error=${this.file('err')}`,
      ...(asRoot ? ['user=mysql'] : []),
      'skip-name-resolve',
      'innodb-buffer-pool-size=64M',
      'innodb-log-file-size=16M',
      'max-connections=300',
    ];
    if (galera) {
      const own = `127.0.0.1:${galera.gcommPort}`;
      lines.push(
        // What Galera requires: row-based replication, InnoDB, interleaved auto-increment locks.
        'binlog_format=ROW',
        'default_storage_engine=InnoDB',
        'innodb_autoinc_lock_mode=2',
        'wsrep_on=ON',
        `wsrep_provider=${GALERA_PROVIDER}`,
        `wsrep_cluster_name=${galera.clusterName}`,
        `wsrep_cluster_address=gcomm://${galera.gcommPorts.map((p) => `127.0.0.1:${p}`).join(',')}`,
        `wsrep_node_name=${name}`,
        `wsrep_node_address=${own}`,
        `wsrep_provider_options=gmcast.listen_addr=tcp://${own};ist.recv_addr=127.0.0.1:${galera.istPort};gcache.size=64M`,
        'wsrep_sst_method=rsync',
        `wsrep_sst_receive_address=127.0.0.1:${galera.sstPort}`,
      );
    } else {
      lines.push('skip-log-bin');
    }
    return `${lines.join('\n')}\n`;
  }
}

function mariadbd(): string {
  return ['/usr/sbin/mariadbd', '/usr/bin/mariadbd'].find((path) => existsSync(path)) ?? 'mariadbd';
}

function mysqlIds(): [number, number] {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'mysql']).toString().trim());
  return [id('-u'), id('-g')];
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * `mariadb-server start <directory> <port>` installs and starts a server of its own under `directory` (CI keeps
 * the MariaDB lane's server in memory, /dev/shm, so a test's TRUNCATEs and commits do not wait for the disk);
 * `mariadb-server stop <directory>` stops it and removes the directory.
 */
async function main(): Promise<void> {
  const [command, target, portText] = process.argv.slice(2);
  const port = Number(portText ?? 0);
  if (!target || !(command === 'stop' || (command === 'start' && Number.isInteger(port) && port > 0))) {
    console.error('usage: mariadb-server start <directory> <port> | stop <directory>');
    process.exit(2);
  }
  const dir = resolve(target);
  const server = new MariadbServer({ dir, name: 'mariadb', port });
  if (command === 'stop') {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
    return;
  }
  server.install();
  await server.start();
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
