import { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { migrations } from '../../migrations';

/**
 * Takes back `first` and every migration after it (each `down()`, newest first), runs `during` on the schema
 * as it was before `first`, and applies them all again (each `up()`, in order). Taking back only some
 * migrations and applying them again would lose what later ones changed in their tables (a column, a trigger:
 * dropping a table drops its triggers), and the next spec file on this worker's database would meet that schema.
 * They are applied again when `during` fails too.
 */
export async function withMigrationsTakenBack(dataSource: DataSource, first: new () => MigrationInterface, during: (runner: QueryRunner) => Promise<void>): Promise<void> {
  const index = migrations.indexOf(first);
  if (index < 0) throw new Error(`${first.name} is not in migrations/index.ts`);
  const later = migrations.slice(index).map((Migration) => new (Migration as new () => MigrationInterface)());
  const runner = dataSource.createQueryRunner();
  const applyAgain = async () => {
    for (const migration of later) await migration.up(runner);
  };
  try {
    for (const migration of [...later].reverse()) await migration.down(runner);
    try {
      await during(runner);
    } catch (error) {
      // a failed check in `during` still leaves the whole schema to the next spec files; its error is the one reported
      await applyAgain().catch(() => undefined);
      throw error;
    }
    await applyAgain();
  } finally {
    await runner.release();
  }
}
