import 'reflect-metadata';
import { createServer } from 'node:http';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module';
import { configureApp } from '../src/app.setup';

/**
 * The benchmark's baseline: the SQL the app sends for a list request, served by a bare node:http handler on
 * the same driver (mysql2 or better-sqlite3) — no framework, no guard, no envelope interceptor.
 *
 * 1. Boots the app in this process, sends it each list request of BASELINE_REQUESTS (JSON: {name: [paths]})
 *    with the token BASELINE_TOKEN, and records the statements that read the list's table (its count and
 *    page queries; the guard's token and rights lookups are left out).
 * 2. Closes the app and serves `GET /<name>?i=<n>`: the recorded statements of request n, run one after the
 *    other on a pool of the same size as the app's (DB_POOL_SIZE, 20), answered as `{code, data: {list, total}}`.
 * Prints `BASELINE_READY <port>` when it listens.
 */

/** The line the server prints when it listens: `BASELINE_READY <port> <recorded SQL>`. */
export const BASELINE_READY = 'BASELINE_READY';

interface Recorded {
  query: string;
  parameters: unknown[];
}

const LIST_TABLES: Record<string, RegExp> = {
  product: /\bFROM\s+[`"]?product[`"]?\s/i,
  history: /\bFROM\s+[`"]?inventory_history[`"]?\s/i,
  productHistory: /\bFROM\s+[`"]?inventory_history[`"]?\s/i,
  stock: /\bFROM\s+[`"]?stock[`"]?\s/i,
  // the kept figures and the pending counts (the token, account and remark reads are the guard's)
  dashboard: /\bFROM\s+[`"]?(inventory_monthly_stat|inventory_daily_stat|inbound_order|stock_lot|stock)[`"]?\s/i,
};

async function record(requests: Record<string, string[]>, token: string): Promise<Record<string, Recorded[][]>> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule, { logger: ['error'] });
  configureApp(app);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const dataSource = app.get<DataSource>(getDataSourceToken());
  const logger = dataSource.logger as unknown as { logQuery: (query: string, parameters?: unknown[]) => void };
  const original = logger.logQuery.bind(logger);
  let capture: Recorded[] | null = null;
  logger.logQuery = (query: string, parameters?: unknown[]) => {
    capture?.push({ query, parameters: parameters ?? [] });
    original(query, parameters);
  };
  const recorded: Record<string, Recorded[][]> = {};
  for (const [name, paths] of Object.entries(requests)) {
    recorded[name] = [];
    for (const path of paths) {
      capture = [];
      const res = await fetch(`${base}${path}`, { headers: { batoken: token, 'think-lang': 'zh-cn' } });
      const body = (await res.json()) as { code: number; msg: string };
      if (body.code !== 1) throw new Error(`${path}: ${body.msg}`);
      const statements = capture.filter((s) => LIST_TABLES[name].test(s.query));
      if (!statements.length) throw new Error(`${path}: no statement on the ${name} table was recorded`);
      recorded[name].push(statements);
      capture = null;
    }
  }
  await app.close();
  return recorded;
}

interface SqliteDatabase {
  pragma(source: string): unknown;
  prepare(sql: string): { all(...parameters: unknown[]): unknown[] };
  close(): void;
}

type Runner = (query: string, parameters: unknown[]) => Promise<Array<Record<string, unknown>>>;

async function driver(): Promise<{ run: Runner; close: () => Promise<void> }> {
  if (process.env.DB_URL) {
    const mysql = await import('mysql2/promise');
    const { parseMysqlUrl } = await import('../src/shared/database/database-url');
    const target = parseMysqlUrl(process.env.DB_URL);
    const pool = mysql.createPool({
      host: target.hosts[0].host,
      port: target.hosts[0].port,
      user: target.user,
      password: target.password,
      database: target.database,
      charset: 'utf8mb4_unicode_ci',
      timezone: 'Z',
      supportBigNumbers: true,
      connectionLimit: Number(process.env.DB_POOL_SIZE || 20),
    });
    return { run: async (query, parameters) => (await pool.query(query, parameters))[0] as Array<Record<string, unknown>>, close: () => pool.end() };
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const Database = require('better-sqlite3') as new (file: string, options?: { readonly?: boolean }) => SqliteDatabase;
  const { databaseSettings } = await import('../ormconfig');
  const db = new Database(databaseSettings().database, { readonly: true });
  db.pragma('busy_timeout = 10000');
  const statements = new Map<string, ReturnType<SqliteDatabase['prepare']>>();
  return {
    run: async (query, parameters) => {
      let statement = statements.get(query);
      if (!statement) statements.set(query, (statement = db.prepare(query)));
      return statement.all(...(parameters as unknown[])) as Array<Record<string, unknown>>;
    },
    close: async () => void db.close(),
  };
}

async function main(): Promise<void> {
  const requests = JSON.parse(process.env.BASELINE_REQUESTS ?? '{}') as Record<string, string[]>;
  const recorded = await record(requests, process.env.BASELINE_TOKEN ?? '');
  const { run } = await driver();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const variants = recorded[url.pathname.slice(1)];
    if (!variants) {
      res.writeHead(404).end();
      return;
    }
    const statements = variants[Number(url.searchParams.get('i') ?? 0) % variants.length];
    (async () => {
      const results = [];
      for (const s of statements) results.push(await run(s.query, s.parameters));
      const count = results.find((rows) => rows.length === 1 && Object.keys(rows[0]).some((k) => /cnt|count/i.test(k)));
      const list = results.find((rows) => rows !== count) ?? [];
      const total = count ? Number(Object.values(count[0])[0]) : list.length;
      const body = JSON.stringify({ code: 1, msg: '', time: Math.floor(Date.now() / 1000), data: { list, total, remark: '' } });
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
    })().catch((error) => {
      res.writeHead(500).end(String(error));
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    console.log(`${BASELINE_READY} ${typeof address === 'object' && address ? address.port : 0} ${JSON.stringify(Object.fromEntries(Object.entries(recorded).map(([k, v]) => [k, v[0].map((s) => s.query.slice(0, 300))])))}`);
  });
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
