import { QueryRunner } from 'typeorm';

/**
 * The ledger is append-only: a trigger on each database refuses UPDATE and DELETE of `inventory_event`.
 * Exported so the test harness can lift it between tests (it never is in the product).
 */
export async function createLedgerGuard(queryRunner: QueryRunner): Promise<void> {
  if (queryRunner.connection.options.type === 'mysql') {
    for (const op of ['UPDATE', 'DELETE']) {
      await queryRunner.query(
        `CREATE TRIGGER inventory_event_no_${op.toLowerCase()} BEFORE ${op} ON inventory_event FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'inventory_event is append-only'`,
      );
    }
    return;
  }
  for (const op of ['UPDATE', 'DELETE']) {
    await queryRunner.query(
      `CREATE TRIGGER inventory_event_no_${op.toLowerCase()} BEFORE ${op} ON inventory_event BEGIN SELECT RAISE(ABORT, 'inventory_event is append-only'); END`,
    );
  }
}

export async function dropLedgerGuard(queryRunner: QueryRunner): Promise<void> {
  for (const op of ['update', 'delete']) await queryRunner.query(`DROP TRIGGER IF EXISTS inventory_event_no_${op}`);
}
