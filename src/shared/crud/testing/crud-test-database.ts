import { Column, DataSource, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { databaseSettings, DatabaseSettings, dataSourceOptions } from '../../../../ormconfig';
import { ensureDatabaseExists } from '../../database/ensure-database';
import { QueryCounter } from '../../database/query-counter';

/*
 * Test-only fixtures for the CRUD specs: two small entities and a real database to run them on. The schema is
 * synchronized here because these tables exist only for these specs; the product's schema comes from migrations.
 */

@Entity('crud_test_parent')
export class TestParentEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 50 })
  name: string;
}

@Entity('crud_test_child')
export class TestChildEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'int', default: 0 })
  weigh: number;

  @Column({ type: 'int', default: 1 })
  status: number;

  @Column({ type: 'decimal', precision: 12, scale: 2, default: 0 })
  price: string;

  @Column({ type: 'int', nullable: true })
  createtime: number | null;

  @Column({ type: 'int', nullable: true })
  updatetime: number | null;

  @Column({ type: 'int', nullable: true })
  deletetime: number | null;

  /** Comma-separated, for FIND_IN_SET. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  tags: string | null;

  @Column({ type: 'int', nullable: true })
  parent_id: number | null;

  /** Stands for a password hash: must never be returned or searchable. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  secret: string | null;
}

export type TestDatabaseKind = 'sqlite' | 'mysql';

/** SQLite always; MySQL/MariaDB too when DB_URL is set (its host and credentials, our own database name). */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.DB_URL ? ['sqlite', 'mysql'] : ['sqlite'];
}

/**
 * A fresh database with the two test tables, counting statements with QueryCounter. `mysqlDatabase` names
 * the MySQL database (each spec file its own, so parallel jest workers never share tables).
 */
export async function openTestDatabase(kind: TestDatabaseKind, mysqlDatabase: string): Promise<DataSource> {
  let settings: DatabaseSettings = { kind: 'sqlite', database: ':memory:' };
  if (kind === 'mysql') {
    const server = databaseSettings();
    settings = { ...server, database: mysqlDatabase, mysql: { ...server.mysql!, database: mysqlDatabase } };
    await ensureDatabaseExists(settings);
  }
  const dataSource = new DataSource({
    ...dataSourceOptions(settings, new QueryCounter()),
    entities: [TestParentEntity, TestChildEntity],
    migrations: [],
    synchronize: true,
    dropSchema: true,
  });
  return dataSource.initialize();
}
