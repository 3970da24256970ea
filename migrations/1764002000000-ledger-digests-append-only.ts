import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { col } from './columns';
import { createDigestGuard, dropDigestGuard } from './ledger-guard';

/**
 * Digests are kept like the ledger they vouch for: triggers refuse UPDATE and DELETE of `ledger_digest` and
 * `ledger_digest_leaf` (a digest is written once, complete and signed). A digest now also signs the id of
 * the digest taken before it (`previous_id`; NULL for the digests already taken, which name none), so a
 * digest removed by whoever can drop the triggers shows in the next one.
 */
export class LedgerDigestsAppendOnly1764002000000 implements MigrationInterface {
  name = 'LedgerDigestsAppendOnly1764002000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('ledger_digest', new TableColumn(col.int('previous_id', { unsigned: true, isNullable: true, default: null })));
    await createDigestGuard(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropDigestGuard(queryRunner);
    await queryRunner.dropColumn('ledger_digest', 'previous_id');
  }
}
