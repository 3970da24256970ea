import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('warehouse_area')
export class WarehouseAreaEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ default: 0 }) warehouse_id: number;
  /** Unique within its warehouse among the areas that are not deleted. */
  @Column({ default: '' }) serial_no: string;
  @Column({ default: '' }) name: string;
  /** 0 disabled, 1 enabled. */
  @Column({ default: 1 }) status: number;
  @Column({ default: 0 }) weigh: number;
  @Column({ default: '' }) remark: string;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
  @Column({ type: 'int', nullable: true }) deletetime: number | null;
}
