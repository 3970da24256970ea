import { QueryRunner } from 'typeorm';

/**
 * Append-only tables: a trigger on each database refuses UPDATE and DELETE of their rows — the ledger
 * (`inventory_event`), and its signed digests and their leaves, which say what the ledger was.
 * Exported so the test harness can lift the guards between tests (they never are in the product).
 */
export const LEDGER_TABLE = 'inventory_event';
export const DIGEST_TABLES = ['ledger_digest', 'ledger_digest_leaf'] as const;

async function createGuard(queryRunner: QueryRunner, table: string): Promise<void> {
  for (const op of ['UPDATE', 'DELETE']) {
    const name = `${table}_no_${op.toLowerCase()}`;
    await queryRunner.query(
      queryRunner.connection.options.type === 'mysql'
        ? `CREATE TRIGGER ${name} BEFORE ${op} ON ${table} FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = '${table} is append-only'`
        : `CREATE TRIGGER ${name} BEFORE ${op} ON ${table} BEGIN SELECT RAISE(ABORT, '${table} is append-only'); END`,
    );
  }
}

async function dropGuard(queryRunner: QueryRunner, table: string): Promise<void> {
  for (const op of ['update', 'delete']) await queryRunner.query(`DROP TRIGGER IF EXISTS ${table}_no_${op}`);
}

export const createLedgerGuard = (queryRunner: QueryRunner): Promise<void> => createGuard(queryRunner, LEDGER_TABLE);
export const dropLedgerGuard = (queryRunner: QueryRunner): Promise<void> => dropGuard(queryRunner, LEDGER_TABLE);

export async function createDigestGuard(queryRunner: QueryRunner): Promise<void> {
  for (const table of DIGEST_TABLES) await createGuard(queryRunner, table);
}

export async function dropDigestGuard(queryRunner: QueryRunner): Promise<void> {
  for (const table of DIGEST_TABLES) await dropGuard(queryRunner, table);
}
