import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { chainHash, ledgerPageAfter } from './support/ledger-chain';
import { chunk } from './support/rows';
import { col } from './columns';
import { createLedgerGuard, dropLedgerGuard } from './ledger-guard';

const EVENTS_PER_PAGE = 2000;
const UPDATE_ROWS = 50;

/**
 * Tamper evidence for the ledger: a `hash` on every event (set once, at insert — the append-only guard still
 * refuses any UPDATE, so neither the content nor its hash can be edited without dropping it), existing
 * events chained stream by stream in version order, and the tables of signed digests and of verification
 * runs. The guard is lifted only while this migration fills the new column, then put back.
 */
export class LedgerHashChain1764000800000 implements MigrationInterface {
  name = 'LedgerHashChain1764000800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await dropLedgerGuard(queryRunner);
    await queryRunner.addColumn('inventory_event', new TableColumn(col.varchar('hash', 64)));
    await chainExistingEvents(queryRunner);
    await createLedgerGuard(queryRunner);

    const position = queryRunner.connection.options.type === 'mysql' ? 'bigint' : 'integer';
    await queryRunner.createTable(
      new Table({
        name: 'ledger_digest',
        columns: [
          col.id(),
          col.varchar('root', 64),
          { name: 'last_event_id', type: position, unsigned: true, default: 0 },
          col.int('streams', { unsigned: true }),
          { name: 'events', type: position, unsigned: true, default: 0 },
          // the site day of a daily digest (one per day, whichever process takes it); NULL when taken on demand
          { name: 'day', type: 'varchar', length: '10', isNullable: true },
          col.ref('admin_id'),
          col.varchar('signature', 128),
          col.time('created_at'),
        ],
        indices: [new TableIndex({ name: 'uniq_ledger_digest_day', columnNames: ['day'], isUnique: true })],
      }),
    );
    // A digest stores the heads that changed since the digest before it; a digest's leaves are, per stream,
    // the latest row at or before it.
    await queryRunner.createTable(
      new Table({
        name: 'ledger_digest_leaf',
        columns: [col.id(), col.ref('digest_id'), col.varchar('stream_id', 64), col.int('stream_version', { unsigned: true }), col.varchar('hash', 64)],
        indices: [
          new TableIndex({ name: 'uniq_ledger_digest_leaf', columnNames: ['stream_id', 'digest_id'], isUnique: true }),
          new TableIndex({ name: 'idx_ledger_digest_leaf_digest', columnNames: ['digest_id'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'ledger_verification',
        columns: [
          col.id(),
          col.ref('admin_id'),
          col.ref('digest_id'),
          col.tinyint('intact'),
          { name: 'events', type: position, unsigned: true, default: 0 },
          { name: 'intact_up_to', type: position, unsigned: true, default: 0 },
          col.varchar('problem_kind', 20),
          col.varchar('problem_stream', 64),
          col.int('problem_version', { unsigned: true }),
          { name: 'problem_event_id', type: position, unsigned: true, default: 0 },
          col.varchar('source', 10),
          col.time('started_at'),
          col.time('finished_at'),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['ledger_verification', 'ledger_digest_leaf', 'ledger_digest']) await queryRunner.dropTable(table);
    await dropLedgerGuard(queryRunner);
    await queryRunner.dropColumn('inventory_event', 'hash');
    await createLedgerGuard(queryRunner);
  }
}

/** Every stream in version order, page by page (keyset on the unique (stream_id, stream_version) index). */
export async function chainExistingEvents(queryRunner: QueryRunner): Promise<void> {
  let after: { stream_id: string; stream_version: number } | null = null;
  let stream = '';
  let previous = '';
  for (;;) {
    const rows = await ledgerPageAfter(queryRunner, after, EVENTS_PER_PAGE);
    if (!rows.length) return;
    const hashes: Array<[number, string]> = [];
    for (const row of rows) {
      if (row.stream_id !== stream) {
        stream = row.stream_id;
        previous = '';
      }
      previous = chainHash(previous, row);
      hashes.push([Number(row.id), previous]);
    }
    // CASE is searched WHEN by WHEN: short statements keep it linear
    for (const part of chunk(hashes, UPDATE_ROWS)) {
      await queryRunner.query(`UPDATE inventory_event SET hash = CASE id ${part.map(() => 'WHEN ? THEN ?').join(' ')} END WHERE id IN (${part.map(() => '?').join(',')})`, [...part.flat(), ...part.map(([id]) => id)]);
    }
    after = rows[rows.length - 1] as { stream_id: string; stream_version: number };
  }
}
