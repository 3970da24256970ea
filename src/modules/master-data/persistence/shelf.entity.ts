import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A storage location: where stock lies. */
@Entity('warehouse_shelf')
export class ShelfEntity {
  @PrimaryGeneratedColumn() id: number;
  /** Always the warehouse of the shelf's area. */
  @Column({ default: 0 }) warehouse_id: number;
  @Column({ default: 0 }) warehouse_area_id: number;
  /** Unique within its area among the shelves that are not deleted. */
  @Column({ default: '' }) serial_no: string;
  @Column({ default: '' }) name: string;
  /** 0 disabled, 1 enabled. */
  @Column({ default: 1 }) status: number;
  /** 0 storage, 1 receiving, 2 staging, 3 hold (`SHELF_KIND`): where goods are in the flow. */
  @Column({ default: 0 }) kind: number;
  /** Units it holds at most (0: unlimited); directed putaway keeps to it. */
  @Column({ default: 0 }) capacity: number;
  /** 0 any products, 1 one product, 2 one product and one lot (`SHELF_MIXING`). */
  @Column({ default: 0 }) mixing: number;
  @Column({ default: 0 }) weigh: number;
  @Column({ default: '' }) remark: string;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
  @Column({ type: 'int', nullable: true }) deletetime: number | null;
}
