import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One generation of the CRUD generator and the files it wrote. */
@Entity('crud_log')
export class CrudLogEntity {
  @PrimaryGeneratedColumn({ unsigned: true }) id: number;
  @Column({ type: 'varchar', length: 64, default: '' }) table_name: string;
  @Column({ type: 'varchar', length: 100, default: '' }) title: string;
  /** The design as sent (JSON): fields and their options. */
  @Column({ type: 'text', nullable: true }) fields: string | null;
  /** The files written, relative to the project root (JSON array). */
  @Column({ type: 'text', nullable: true }) files: string | null;
  /** 1 written, 0 removed. */
  @Column({ type: 'tinyint', default: 1 }) status: number;
  @Column({ type: 'int', unsigned: true, default: 0 }) admin_id: number;
  @Column({ type: 'int', unsigned: true, nullable: true }) createtime: number | null;
  @Column({ type: 'int', unsigned: true, nullable: true }) updatetime: number | null;
}
