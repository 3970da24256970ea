import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Where a product (or a category's products) is put away: listed shelves, else an area, else the warehouse; higher priority first. */
@Entity('putaway_rule')
export class PutawayRuleEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ default: 0 }) warehouse_id: number;
  /** The product the rule is for (0: it is for a category). */
  @Column({ default: 0 }) product_id: number;
  /** The category (and its descendants) the rule is for when no product is named. */
  @Column({ default: 0 }) category_id: number;
  /** Only shelves of this area (0: any area); `shelf_ids` narrows further. */
  @Column({ default: 0 }) warehouse_area_id: number;
  /** Comma list of shelf ids ('' : every shelf of the area or warehouse). */
  @Column({ default: '' }) shelf_ids: string;
  @Column({ default: 0 }) priority: number;
  /** 0 disabled, 1 enabled. */
  @Column({ default: 1 }) status: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}

/** A pick face: a shelf from which a product is picked, kept between min and max by replenishment. */
@Entity('pick_face')
export class PickFaceEntity {
  @PrimaryGeneratedColumn() id: number;
  /** The shelf's warehouse (derived from the shelf on every write). */
  @Column({ default: 0 }) warehouse_id: number;
  @Column({ default: 0 }) warehouse_shelf_id: number;
  @Column({ default: 0 }) product_id: number;
  @Column({ default: 0 }) min: number;
  @Column({ default: 0 }) max: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}

/** A reorder rule: a warehouse's min, max and order multiple of a product, and the supplier it is bought from. */
@Entity('reorder_rule')
export class ReorderRuleEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ default: 0 }) warehouse_id: number;
  @Column({ default: 0 }) product_id: number;
  @Column({ default: 0 }) min: number;
  @Column({ default: 0 }) max: number;
  @Column({ default: 1 }) multiple: number;
  @Column({ default: 0 }) supplier_id: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}
