import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { MariadbServer } from './mariadb-server';

/**
 * A three-node MariaDB Galera cluster on loopback, for the cluster suite (`.ci/run`) and for trying the app
 * on a cluster by hand:
 *
 *   node scripts/start.js --script galera-local start /tmp/wms-galera   # install and start the nodes
 *   DB_URL=mysql://root@127.0.0.1:33061,127.0.0.1:33062,127.0.0.1:33063/wms npm start
 *   node scripts/start.js --script galera-local stop /tmp/wms-galera    # stop them, remove the directory
 *
 * Needs Debian's mariadb-server, galera-4 and rsync (the state transfer to a joining node).
 */
export const GALERA_NODES = [
  { name: 'node1', port: 33061, gcommPort: 45671, istPort: 45681, sstPort: 45691 },
  { name: 'node2', port: 33062, gcommPort: 45672, istPort: 45682, sstPort: 45692 },
  { name: 'node3', port: 33063, gcommPort: 45673, istPort: 45683, sstPort: 45693 },
];

/** The cluster's nodes, whose files live in `dir` (started or not). */
export function galeraNodes(dir: string): MariadbServer[] {
  const gcommPorts = GALERA_NODES.map((node) => node.gcommPort);
  return GALERA_NODES.map(
    ({ name, port, gcommPort, istPort, sstPort }, index) =>
      new MariadbServer({ dir, name, port, galera: { clusterName: 'wms_local', gcommPorts, gcommPort, istPort, sstPort, bootstrap: index === 0 } }),
  );
}

export async function startCluster(dir: string): Promise<MariadbServer[]> {
  const nodes = galeraNodes(dir);
  for (const node of nodes) node.install();
  // One at a time: the first bootstraps the cluster, each next one joins it with a state transfer.
  for (const node of nodes) {
    await node.start();
    console.log(`${node.options.name} synced on port ${node.port}`);
  }
  const connection = await createConnection({ host: '127.0.0.1', port: nodes[0].port, user: 'root' });
  const [rows] = await connection.query("SHOW STATUS LIKE 'wsrep_cluster_size'");
  await connection.end();
  console.log(`Galera cluster of ${(rows as Array<{ Value: string }>)[0].Value} nodes in ${dir}`);
  return nodes;
}

/** Stops every node still running (killing one that does not stop in time) and removes `dir`. */
export async function stopCluster(dir: string): Promise<void> {
  for (const node of galeraNodes(dir)) await node.stop(30000);
  if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
}

async function main(): Promise<void> {
  const [command, target] = process.argv.slice(2);
  if (!['start', 'stop'].includes(command) || !target) {
    console.error('usage: galera-local start|stop <directory>');
    process.exit(2);
  }
  const dir = resolve(target);
  if (command === 'stop') return stopCluster(dir);
  try {
    await startCluster(dir);
  } catch (error) {
    // Leave nothing running behind a failed start.
    await stopCluster(dir).catch(() => undefined);
    throw error;
  }
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
