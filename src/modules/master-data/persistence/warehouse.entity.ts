import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('warehouse')
export class WarehouseEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ default: '' }) name: string;
  @Column({ default: '' }) serial_no: string;
  @Column({ default: '' }) address: string;
  @Column({ default: '' }) city: string;
  @Column({ default: '' }) responsible_person: string;
  @Column({ default: '' }) mobile: string;
  /** 0 disabled, 1 enabled. */
  @Column({ default: 1 }) status: number;
  @Column({ default: 0 }) weigh: number;
  @Column({ default: '' }) remark: string;
  /** See WAREHOUSE_TYPE. */
  @Column({ default: 1 }) warehouse_type: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
  @Column({ type: 'int', nullable: true }) deletetime: number | null;
}
