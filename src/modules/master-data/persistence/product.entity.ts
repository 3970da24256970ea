import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { moneyTransformer } from '../../../shared/database/money';

@Entity('product')
export class ProductEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ default: '' }) product_no: string;
  /** NULL when the product has none. */
  @Column({ type: 'varchar', nullable: true }) bar_code: string | null;
  @Column({ default: '' }) name: string;
  @Column({ default: 0 }) brand_id: number;
  @Column({ default: 0 }) category_id: number;
  @Column({ default: 0 }) unit_id: number;
  @Column({ default: '' }) spec: string;
  /** Exact decimal as a string with two decimals. */
  @Column({ type: 'decimal', precision: 14, scale: 2, default: '0.00', transformer: moneyTransformer }) price: string;
  @Column({ default: 0 }) safety_stock_num: number;
  /** Owned by the inventory context (ProductStockTotals); add/edit never write it. */
  @Column({ default: 0 }) total_stock_num: number;
  /** The default location: warehouse ⊇ area ⊇ shelf. */
  @Column({ default: 0 }) warehouse_id: number;
  @Column({ default: 0 }) warehouse_area_id: number;
  @Column({ default: 0 }) warehouse_shelf_id: number;
  /** Comma-separated image paths. */
  @Column({ type: 'text', nullable: true }) images: string | null;
  @Column({ default: 0 }) weigh: number;
  /** 10 on shelf, 20 off shelf. */
  @Column({ default: 10 }) status: number;
  @Column({ default: '' }) remark: string;
  /** Shelf life in days (0: not tracked). */
  @Column({ default: 0 }) effective_day: number;
  /** 1: stock is kept per lot (inbound lines name a lot; outbound is allocated first-expiry-first-out). */
  @Column({ default: 0 }) lot_tracked: number;
  /** 1: every unit carries a serial number (lines name one serial per unit moved). */
  @Column({ default: 0 }) serial_tracked: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
  @Column({ type: 'int', nullable: true }) deletetime: number | null;
}
