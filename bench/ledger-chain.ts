import 'reflect-metadata';
import { maintenanceContext } from '../scripts/app-context';
import { DataSource } from 'typeorm';
import { getDataSourceToken } from '@nestjs/typeorm';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { EventChain, FormType, LedgerDigests, LedgerVerifier, SerialProjection, StockEventType, StockLedger } from '../src/modules/inventory';
import { chainHash, LedgerOrderWalker } from '../src/modules/inventory/domain/event-chain';
import { MasterDataReader, ProductStockTotals } from '../src/modules/master-data';
import { SiteConfigService } from '../src/modules/platform';
import { TransactionRunner } from '../src/shared/database/transaction-runner';
import { Outbox } from '../src/shared/outbox';

/**
 * `npm run bench:ledger [-- --audits 400 --lines 10 --no-verify --stream-memory 200000]`: what the hash chain costs.
 *
 * 1. Appends: the same 10-line receipt recorded through StockLedger in one transaction, with the chain
 *    (EventChain: a locking read of each stream's head, one SHA-256 per event) and beside it the bare
 *    baseline — the same ledger with a chain that hashes nothing — alternating A/B in rounds of 20 so both
 *    see the same machine. Every transaction is rolled back: the data set is left as it was.
 * 2. A digest taken (it stays: the data set gains a digest), then verification of the whole ledger against
 *    it (`npm run ledger:verify` does the same), timed, with peak RSS.
 *
 * 3. With --stream-memory N: the verifier's memory per stream — N streams' cursors (one chained event each,
 *    stream ids shaped as the ledger's) held by LedgerOrderWalker, heap measured after a full GC.
 *
 * `--audits 0` skips the appends. Runs on the database the environment names (DB_URL, or SQLite in DATA_DIR), filled by `npm run seed:large`.
 */
class RolledBack extends Error {}

interface Options {
  audits: number;
  lines: number;
  verify: boolean;
  streamMemory: number;
}

function parse(argv: string[]): Options {
  const num = (name: string, fallback: number) => (argv.includes(`--${name}`) ? Number(argv[argv.indexOf(`--${name}`) + 1]) : fallback);
  return { audits: num('audits', 400), lines: num('lines', 10), verify: !argv.includes('--no-verify'), streamMemory: num('stream-memory', 0) };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

export async function main(argv = process.argv.slice(2)): Promise<void> {
  const o = parse(argv);
  const app = await maintenanceContext();
  const dataSource = app.get<DataSource>(getDataSourceToken());
  const transactions = app.get(TransactionRunner);
  const chained = app.get(StockLedger);
  const bareChain = { link: async (_manager: unknown, rows: Array<Record<string, unknown>>) => rows.map((row) => ({ ...row, hash: '' })) } as unknown as EventChain;
  const bare = new StockLedger(app.get(SiteConfigService, { strict: false }), app.get(MasterDataReader, { strict: false }), app.get(ProductStockTotals, { strict: false }), bareChain, app.get(Outbox), app.get(SerialProjection, { strict: false }));

  const streams: Array<{ product_id: number; warehouse_shelf_id: number }> = await dataSource.query('SELECT product_id, warehouse_shelf_id FROM stock ORDER BY id LIMIT 5000');
  if (streams.length < o.lines) throw new Error('the database holds too few stock rows: fill it with `npm run seed:large` first');
  let cursor = 0;
  const audit = async (ledger: StockLedger): Promise<number> => {
    const lines = Array.from({ length: o.lines }, () => streams[cursor++ % streams.length]);
    const started = process.hrtime.bigint();
    await transactions
      .run(async (manager) => {
        await ledger.record(
          manager,
          lines.map((s) => ({ type: StockEventType.received, formType: FormType.purchaseInbound, productId: Number(s.product_id), shelfId: Number(s.warehouse_shelf_id), quantity: 1, price: '1.00' })),
          { order_type: 'inbound', order_id: 0, order_no: 'BENCH', admin_id: 1, operator: 'bench', command_id: '', occurredAt: Math.floor(Date.now() / 1000) },
        );
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    return Number(process.hrtime.bigint() - started) / 1e6;
  };

  if (o.audits > 0) await appends();
  async function appends() {
  for (let i = 0; i < 20; i++) await audit(i % 2 ? bare : chained); // warm-up
  const times = { chained: [] as number[], bare: [] as number[] };
  for (let round = 0; times.chained.length < o.audits; round++) {
    const [first, second] = round % 2 ? (['bare', 'chained'] as const) : (['chained', 'bare'] as const);
    for (let i = 0; i < 20; i++) times[first].push(await audit(first === 'chained' ? chained : bare));
    for (let i = 0; i < 20; i++) times[second].push(await audit(second === 'chained' ? chained : bare));
  }
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const rate = (values: number[]) => (values.length / sum(values)) * 1000;
  const engine = dataSource.options.type === 'mysql' ? 'MariaDB/MySQL' : 'SQLite';
  const [{ n }] = await dataSource.query('SELECT COUNT(*) AS n FROM inventory_event');
  console.log(`Ledger appends on ${engine} (${Number(n).toLocaleString('en-US')} events in the ledger), ${o.audits} audits of ${o.lines} lines each way, one at a time, rolled back:`);
  console.log('| Append | audits | mean ms | p50 ms | p95 ms | audits/s |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [name, values] of [['with the hash chain', times.chained], ['bare baseline (no chain)', times.bare]] as const) {
    console.log(`| ${name} | ${values.length} | ${(sum(values) / values.length).toFixed(2)} | ${percentile(values, 50).toFixed(2)} | ${percentile(values, 95).toFixed(2)} | ${rate(values).toFixed(1)} |`);
  }
  console.log(`Throughput with the chain: ${((rate(times.chained) / rate(times.bare)) * 100).toFixed(1)} % of the bare baseline.`);
  }

  if (o.verify) {
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const takeStarted = Date.now();
    const digest = await app.get(LedgerDigests).take(0);
    console.log(`Digest #${digest.id} over ${digest.streams.toLocaleString('en-US')} streams taken in ${((Date.now() - takeStarted) / 1000).toFixed(1)} s.`);
    const report = await app.get(LedgerVerifier).verify({ digest: digest.id, adminId: 0, source: 'cli' });
    clearInterval(sampler);
    console.log(
      `Verification: ${report.events.toLocaleString('en-US')} events in ${report.streams.toLocaleString('en-US')} streams in ${report.seconds.toFixed(1)} s (${Math.round(report.events / report.seconds).toLocaleString('en-US')} events/s), peak RSS ${Math.round(peak / 1048576)} MB, ${report.intact ? 'intact' : `NOT intact: ${JSON.stringify(report.problem)}`}${report.digest ? `, digest ${report.digest.matched ? 'matched' : 'NOT matched'}` : ''}.`,
    );
  }
  if (o.streamMemory > 0) console.log(streamMemory(o.streamMemory));
  await app.close();
}

/** The heap LedgerOrderWalker holds per stream it has seen (its cursor: order number, head hash, highest id). */
function streamMemory(streams: number): string {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  const before = process.memoryUsage().heapUsed;
  const walker = new LedgerOrderWalker();
  // one event per stream, made and dropped one at a time: what stays is the walker's (its stream ids and hashes)
  for (let i = 0; i < streams; i++) {
    const row = { id: i + 1, stream_id: `stock-${100000 + (i % 100000)}-${1000 + Math.floor(i / 100000)}${i % 3 ? '' : '-LOT2026A'}`, stream_version: 1, type: 'inventory.stock-received.v2', payload: '{}', metadata: '{}', occurred_at: 1764000000 };
    walker.accept({ ...row, hash: chainHash('', row) });
  }
  gc();
  const bytes = (process.memoryUsage().heapUsed - before) / streams;
  return `Verifier memory: ${streams.toLocaleString('en-US')} streams held ${Math.round((bytes * streams) / 1048576)} MB of heap, ${Math.round(bytes)} bytes a stream (${walker.first ? 'NOT intact' : 'intact'}).`;
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
