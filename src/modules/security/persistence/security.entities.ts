import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A table whose deleted rows are kept in the recycle bin. */
@Entity('security_data_recycle')
export class DataRecycleEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ default: '' }) name: string;
  @Column({ default: '' }) controller: string;
  @Column({ default: '' }) data_table: string;
  @Column({ default: 'id' }) primary_key: string;
  @Column({ default: 1 }) status: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}

/** One deleted row (with the rows deleted with it) as JSON, until it is restored or purged. */
@Entity('security_data_recycle_log')
export class DataRecycleLogEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ default: 0 }) admin_id: number;
  @Column({ default: 0 }) recycle_id: number;
  @Column({ type: 'text', nullable: true }) data: string | null;
  @Column({ default: '' }) data_table: string;
  @Column({ default: 'id' }) primary_key: string;
  @Column({ default: '' }) id_value: string;
  @Column({ default: 0 }) is_restore: number;
  @Column({ default: '' }) ip: string;
  @Column({ default: '' }) useragent: string;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
}

/** Fields of a table whose changes are logged (`data_fields`: JSON {column: label}). */
@Entity('security_sensitive_data')
export class SensitiveDataEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ default: '' }) name: string;
  @Column({ default: '' }) controller: string;
  @Column({ default: '' }) data_table: string;
  @Column({ default: 'id' }) primary_key: string;
  @Column({ type: 'text', nullable: true }) data_fields: string | null;
  @Column({ default: 1 }) status: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}

/** One changed field of one row: before and after (none for a secret, `changed_only`). */
@Entity('security_sensitive_data_log')
export class SensitiveDataLogEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ default: 0 }) admin_id: number;
  @Column({ default: 0 }) sensitive_id: number;
  @Column({ default: '' }) data_table: string;
  @Column({ default: 'id' }) primary_key: string;
  @Column({ default: '' }) data_field: string;
  @Column({ default: '' }) data_comment: string;
  @Column({ default: '' }) id_value: string;
  @Column({ type: 'text', nullable: true }) before: string | null;
  @Column({ type: 'text', nullable: true }) after: string | null;
  @Column({ default: 0 }) changed_only: number;
  @Column({ default: 0 }) is_rollback: number;
  @Column({ default: '' }) ip: string;
  @Column({ default: '' }) useragent: string;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
}

/** A backup file under DATA_DIR/backups. */
@Entity('backup')
export class BackupEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ default: '' }) name: string;
  @Column({ default: '' }) engine: string;
  @Column({ type: 'bigint', default: 0, transformer: { to: (v: number) => v, from: (v: string | number) => Number(v) } }) size: number;
  @Column({ default: '' }) checksum: string;
  @Column({ default: 0 }) status: number;
  @Column({ default: '' }) error: string;
  @Column({ default: 0 }) admin_id: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}
