import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { moneyTransformer } from '../../../shared/database/money';

/** The append-only ledger. Rows are inserted, never updated or deleted (a trigger enforces it). */
@Entity('inventory_event')
export class InventoryEventEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: number;
  @Column() stream_id: string;
  @Column() stream_version: number;
  @Column() type: string;
  @Column({ type: 'text' }) payload: string;
  @Column({ type: 'text' }) metadata: string;
  @Column({ type: 'int' }) occurred_at: number;
  /** SHA-256 chaining this event to the one before it in its stream (domain/event-chain.ts); set at insert. */
  @Column() hash: string;
}

/**
 * Projection: on-hand quantity per product, shelf and lot ('' for products not kept per lot); `version` is
 * its stream's last event version; `warehouse_id` / `warehouse_area_id` are the shelf's (now, not when stocked). The lot's dates are copied from its registration (`stock_lot`).
 */
@Entity('stock')
export class StockEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() product_id: number;
  @Column() warehouse_shelf_id: number;
  /** The shelf's warehouse and area, kept with the shelf (a list by location reads them along an index). */
  @Column() warehouse_id: number;
  @Column() warehouse_area_id: number;
  @Column() lot_no: string;
  @Column() production_date: string;
  @Column() expiry_date: string;
  @Column() lot_received_at: number;
  @Column() quantity: number;
  /** What reservations hold of it (the sum of its `stock_reservation` rows); 0 ≤ reserved ≤ quantity. */
  @Column({ default: 0 }) reserved_quantity: number;
  @Column() version: number;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}

/** What an order line has reserved of one stock stream (product, shelf, lot). */
@Entity('stock_reservation')
export class StockReservationEntity {
  @PrimaryGeneratedColumn() id: number;
  /** The kind of document that reserves (`outbound`). */
  @Column() order_type: string;
  @Column() order_id: number;
  @Column() line_id: number;
  @Column() product_id: number;
  @Column() warehouse_shelf_id: number;
  @Column() lot_no: string;
  @Column() quantity: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
}

/** Projection: one denormalised row per event, for the history page and auditors. */
@Entity('inventory_history')
export class InventoryHistoryEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'bigint' }) event_id: number;
  @Column() order_no: string;
  @Column() order_type: string;
  @Column() order_id: number;
  @Column() admin_id: number;
  @Column() operator: string;
  @Column() form_type: number;
  @Column() quantity: number;
  @Column({ type: 'decimal', transformer: moneyTransformer }) price: string;
  @Column({ type: 'decimal', transformer: moneyTransformer }) total_price: string;
  @Column() balance: number;
  @Column() product_id: number;
  @Column() product_name: string;
  @Column() product_no: string;
  @Column() unit: string;
  /** The unit the quantity was entered in, and its factor. */
  @Column({ default: '' }) unit_name: string;
  @Column({ default: 1 }) factor: number;
  @Column() spec: string;
  @Column() warehouse_id: number;
  @Column() warehouse_area_id: number;
  @Column() warehouse_shelf_id: number;
  @Column() shelf_location: string;
  @Column() lot_no: string;
  @Column() expiry_date: string;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
}

/** Projection: each (product, lot) with the dates and time of its first receipt, which fix them. */
@Entity('stock_lot')
export class StockLotEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() product_id: number;
  @Column() lot_no: string;
  @Column() production_date: string;
  @Column() expiry_date: string;
  @Column() received_at: number;
}

/** Projection: inbound / outbound quantity and amount per day (site time zone) and form type. */
@Entity('inventory_daily_stat')
export class InventoryDailyStatEntity {
  @PrimaryColumn() day: string;
  @PrimaryColumn() form_type: number;
  @Column() quantity: number;
  @Column({ type: 'decimal', transformer: moneyTransformer }) amount: string;
}

/** A blocked lot (a recall, a quality hold): one row per (product, lot) while blocked; not a projection. */
@Entity('lot_block')
export class LotBlockEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() product_id: number;
  @Column() lot_no: string;
  @Column() reason: string;
  @Column() admin_id: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}

/** Projection: the daily statistics summed by month (`YYYY-MM`, site time zone) and form type, kept by the ledger. */
@Entity('inventory_monthly_stat')
export class InventoryMonthlyStatEntity {
  @PrimaryColumn({ type: 'varchar', length: 7 }) month: string;
  @PrimaryColumn({ type: 'int' }) form_type: number;
  @Column({ type: 'int', default: 0 }) quantity: number;
  @Column({ type: 'decimal', precision: 14, scale: 2, default: '0.00', transformer: moneyTransformer }) amount: string;
}

/** Projection: where each (product, serial) is — shelf, lot, in stock or not — and the last event that moved it. */
@Entity('stock_serial')
export class StockSerialEntity {
  @PrimaryGeneratedColumn({ unsigned: true }) id: number;
  @Column({ type: 'int', unsigned: true, default: 0 }) product_id: number;
  @Column({ type: 'varchar', length: 64, default: '' }) serial_no: string;
  @Column({ type: 'int', unsigned: true, default: 0 }) warehouse_id: number;
  @Column({ type: 'int', unsigned: true, default: 0 }) warehouse_shelf_id: number;
  @Column({ type: 'varchar', length: 32, default: '' }) lot_no: string;
  @Column({ type: 'tinyint', default: 0 }) in_stock: number;
  @Column({ type: 'bigint', unsigned: true, default: 0 }) last_event_id: number;
  @Column({ type: 'int', unsigned: true, nullable: true }) updatetime: number | null;
}

/** Projection: each ledger event that moved a serial. */
@Entity('stock_serial_movement')
export class StockSerialMovementEntity {
  @PrimaryGeneratedColumn({ unsigned: true }) id: number;
  @Column({ type: 'int', unsigned: true, default: 0 }) product_id: number;
  @Column({ type: 'varchar', length: 64, default: '' }) serial_no: string;
  @Column({ type: 'bigint', unsigned: true, default: 0 }) event_id: number;
}
