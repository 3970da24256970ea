import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A unit of measure of one product: `factor` (≥ 2) of the product's own unit, with its own bar code or none. */
@Entity('product_unit')
export class ProductUnitEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() product_id: number;
  @Column({ default: '' }) name: string;
  @Column({ default: 1 }) factor: number;
  @Column({ type: 'varchar', nullable: true }) bar_code: string | null;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}
