import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** The state of an optional module that was ever switched (a module without a row is enabled). */
@Entity('module_state')
export class ModuleStateEntity {
  @PrimaryColumn({ type: 'varchar', length: 30 }) name: string;
  @Column({ type: 'tinyint', default: 1 }) state: number;
  @Column({ type: 'int', unsigned: true, nullable: true }) updatetime: number | null;
}

/** A module installed from a signed package: its manifest as signed (no uploaded code is ever run). */
@Entity('module_package')
export class ModulePackageEntity {
  @PrimaryGeneratedColumn({ unsigned: true }) id: number;
  @Column({ type: 'varchar', length: 30, default: '' }) name: string;
  @Column({ type: 'varchar', length: 100, default: '' }) title: string;
  @Column({ type: 'varchar', length: 30, default: '' }) version: string;
  /** The manifest as signed (JSON). */
  @Column({ type: 'text', nullable: true }) manifest: string | null;
  /** sha256 hex of the package file as uploaded. */
  @Column({ type: 'varchar', length: 64, default: '' }) sha256: string;
  /** Which trusted key signed it (the first 16 hex of the key's sha256). */
  @Column({ type: 'varchar', length: 16, default: '' }) key_id: string;
  @Column({ type: 'int', unsigned: true, default: 0 }) admin_id: number;
  @Column({ type: 'int', unsigned: true, nullable: true }) createtime: number | null;
  @Column({ type: 'int', unsigned: true, nullable: true }) updatetime: number | null;
}
