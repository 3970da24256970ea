import { MigrationInterface, QueryRunner } from 'typeorm';
import { DEFAULT_RECYCLE_RULES } from './support/security-rules';

/**
 * Adjustment orders came after the recycle rules: a database whose rules were already written gets the
 * rule that keeps deleted (unaudited) adjustments too. A fresh database gets it from the seed.
 */
export class AdjustmentRecycleRule1764000400100 implements MigrationInterface {
  name = 'AdjustmentRecycleRule1764000400100';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (!Number((await queryRunner.query('SELECT COUNT(*) AS n FROM security_data_recycle'))[0].n)) return;
    if ((await queryRunner.query('SELECT id FROM security_data_recycle WHERE data_table = ?', ['adjustment_order'])).length) return;
    const rule = DEFAULT_RECYCLE_RULES.find((r) => r.data_table === 'adjustment_order')!;
    const now = Math.floor(Date.now() / 1000);
    await queryRunner.query("INSERT INTO security_data_recycle (name, controller, data_table, primary_key, status, createtime, updatetime) VALUES (?, ?, ?, 'id', 1, ?, ?)", [
      rule.name,
      rule.controller,
      rule.data_table,
      now,
      now,
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DELETE FROM security_data_recycle WHERE data_table = ?', ['adjustment_order']);
  }
}
