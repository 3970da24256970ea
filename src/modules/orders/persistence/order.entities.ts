import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { moneyTransformer } from '../../../shared/database/money';

abstract class AuditedOrder {
  @PrimaryGeneratedColumn() id: number;
  @Column() order_sn: string;
  @Column() admin_id: number;
  @Column() audit_status: number;
  @Column({ type: 'int', nullable: true }) audittime: number | null;
  @Column() audit_admin_id: number;
  @Column() remark: string;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}

@Entity('inbound_order')
export class InboundOrderEntity extends AuditedOrder {
  @Column() receipt_no: string;
  @Column() supplier_id: number;
  @Column() type: number;
  /** The warehouse it is received into (0: none named; its lines then name their shelves). */
  @Column({ default: 0 }) warehouse_id: number;
}

@Entity('outbound_order')
export class OutboundOrderEntity extends AuditedOrder {
  @Column() outbound_no: string;
  @Column() customer_id: number;
  @Column() type: number;
  @Column() shipment_status: number;
  @Column() courier_number: string;
  @Column() carrier_id: number;
  @Column({ type: 'int', nullable: true }) shipment_time: number | null;
  /** The warehouse the order is fulfilled from (0: none named; its lines then name their shelves). */
  @Column({ default: 0 }) warehouse_id: number;
  /** 0 none, 1 reserved, 2 in wave, 3 picked, 4 packed, 5 shipped (`FULFILMENT_STATUS`). */
  @Column({ default: 0 }) fulfilment_status: number;
  /** The open wave it is in (0: none). */
  @Column({ default: 0 }) wave_id: number;
  /** The order whose unpicked rest this one delivers (0: not a backorder). */
  @Column({ default: 0 }) backorder_of: number;
}

@Entity('relocation_order')
export class RelocationOrderEntity extends AuditedOrder {
  @Column() relocation_no: string;
  @Column() customer_id: number;
  @Column() status: number;
}

@Entity('adjustment_order')
export class AdjustmentOrderEntity extends AuditedOrder {
  @Column() adjustment_no: string;
}

/** The unit a line was entered in (0, 0, '', 1: the product's own unit): its id, the quantity in it, its name and factor then. */
abstract class LineUnitColumns {
  @Column({ default: 0 }) unit_id: number;
  @Column({ default: 0 }) unit_quantity: number;
  @Column({ default: '' }) unit_name: string;
  @Column({ default: 1 }) factor: number;
}

abstract class GoodsLineColumns extends LineUnitColumns {
  @PrimaryGeneratedColumn() id: number;
  @Column() product_id: number;
  @Column() detail_code: string;
  @Column() plan_quantity: number;
  @Column() actual_quantity: number;
  @Column({ type: 'decimal', transformer: moneyTransformer }) price: string;
  @Column({ type: 'decimal', transformer: moneyTransformer }) total_price: string;
  @Column() warehouse_shelf_id: number;
  @Column() lot_no: string;
  @Column() production_date: string;
  @Column() expiry_date: string;
  /** JSON `[{lot_no, quantity}]`: what the audit took or put per lot (NULL before). */
  @Column({ type: 'text', nullable: true }) allocations: string | null;
  /** JSON `["SN1", …]`: a serial-tracked product's serials, one per unit (NULL for others). */
  @Column({ type: 'text', nullable: true }) serials: string | null;
}

@Entity('inbound_order_line')
export class InboundOrderLineEntity extends GoodsLineColumns {
  @Column() inbound_order_id: number;
}

@Entity('outbound_order_line')
export class OutboundOrderLineEntity extends GoodsLineColumns {
  @Column() outbound_order_id: number;
  /** Moved to staging by its pick tasks. */
  @Column({ default: 0 }) picked_quantity: number;
  /** Short-picked and not re-allocated: what a backorder must still deliver. */
  @Column({ default: 0 }) backorder_quantity: number;
}

@Entity('relocation_order_line')
export class RelocationOrderLineEntity extends LineUnitColumns {
  @PrimaryGeneratedColumn() id: number;
  @Column() relocation_order_id: number;
  @Column() product_id: number;
  @Column() source_warehouse_shelf_id: number;
  @Column() target_warehouse_shelf_id: number;
  @Column() plan_quantity: number;
  @Column() actual_quantity: number;
  @Column() lot_no: string;
  /** JSON `[{lot_no, quantity}]`: what the moves took per lot (NULL before). */
  @Column({ type: 'text', nullable: true }) allocations: string | null;
  /** JSON `["SN1", …]`: the serials its moves moved so far (NULL for others). */
  @Column({ type: 'text', nullable: true }) serials: string | null;
}

@Entity('adjustment_order_line')
export class AdjustmentOrderLineEntity extends LineUnitColumns {
  @PrimaryGeneratedColumn() id: number;
  @Column() adjustment_order_id: number;
  @Column() product_id: number;
  @Column() warehouse_shelf_id: number;
  @Column() lot_no: string;
  @Column() quantity: number;
  @Column() reason: string;
  @Column({ type: 'decimal', transformer: moneyTransformer }) price: string;
  @Column({ type: 'decimal', transformer: moneyTransformer }) total_price: string;
  /** JSON `["SN1", …]`: a serial-tracked product's serials, one per unit (NULL for others). */
  @Column({ type: 'text', nullable: true }) serials: string | null;
}

@Entity('stocktake')
export class StocktakeEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() stocktake_no: string;
  @Column() warehouse_id: number;
  @Column() warehouse_area_id: number;
  @Column() warehouse_shelf_id: number;
  @Column() category_id: number;
  @Column() blind: number;
  @Column() status: number;
  @Column() remark: string;
  @Column() admin_id: number;
  @Column({ type: 'int', nullable: true }) start_time: number | null;
  @Column() start_admin_id: number;
  @Column({ type: 'int', nullable: true }) post_time: number | null;
  @Column() post_admin_id: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}

@Entity('stocktake_line')
export class StocktakeLineEntity extends LineUnitColumns {
  @PrimaryGeneratedColumn() id: number;
  @Column() stocktake_id: number;
  @Column() product_id: number;
  @Column() warehouse_shelf_id: number;
  @Column() lot_no: string;
  @Column() book_quantity: number;
  @Column() book_version: number;
  @Column({ type: 'int', nullable: true }) counted_quantity: number | null;
  @Column({ type: 'int', nullable: true }) counted_version: number | null;
  @Column({ type: 'int', nullable: true }) expected_quantity: number | null;
  @Column({ type: 'int', nullable: true }) variance: number | null;
  @Column({ type: 'decimal', transformer: moneyTransformer }) price: string;
  @Column() found: number;
  @Column() count_admin_id: number;
  @Column({ type: 'int', nullable: true }) counttime: number | null;
  /** JSON: a serial-tracked stream's serials on the shelf when the line was last counted (NULL for others). */
  @Column({ type: 'text', nullable: true }) book_serials: string | null;
  /** JSON: the serials counted (NULL for others, or not counted yet). */
  @Column({ type: 'text', nullable: true }) counted_serials: string | null;
}

@Entity('order_number')
export class OrderNumberEntity {
  @PrimaryColumn() prefix: string;
  @Column() last: number;
}

/** A wave: unaudited outbound orders of one warehouse picked together (`BC<yyyymmdd>-<nnnn>`). */
@Entity('wave')
export class WaveEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() wave_no: string;
  @Column() warehouse_id: number;
  /** 0 draft, 1 released, 2 picked, 3 shipped, 4 cancelled (`WAVE_STATUS`). */
  @Column() status: number;
  @Column() remark: string;
  @Column() admin_id: number;
  @Column({ type: 'int', nullable: true }) release_time: number | null;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}

/** A planned move of one (product, lot) quantity from a shelf to a shelf: the one shape of directed work. */
@Entity('task')
export class TaskEntity {
  @PrimaryGeneratedColumn() id: number;
  /** 1 pick, 2 putaway, 3 replenishment (`TASK_TYPE`). */
  @Column() type: number;
  /** 0 open, 1 claimed, 2 done, 3 short, 4 cancelled (`TASK_STATUS`). */
  @Column() status: number;
  @Column() wave_id: number;
  @Column() warehouse_id: number;
  @Column() from_shelf_id: number;
  @Column() to_shelf_id: number;
  @Column() product_id: number;
  @Column() lot_no: string;
  @Column() quantity: number;
  @Column() done_quantity: number;
  @Column() sequence: number;
  @Column() assignee_id: number;
  /** JSON `[{outbound_id, line_id, quantity}]`: the order lines a pick serves. */
  @Column({ type: 'text', nullable: true }) breakdown: string | null;
  @Column({ type: 'int', nullable: true }) claim_time: number | null;
  @Column({ type: 'int', nullable: true }) done_time: number | null;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}

/** A package (carton or pallet) of one picked outbound order, with its SSCC. */
@Entity('package')
export class PackageEntity {
  @PrimaryGeneratedColumn() id: number;
  /** 18 digits: extension digit, GS1 company prefix, serial, check digit. */
  @Column() sscc: string;
  @Column() outbound_id: number;
  /** 1 carton, 2 pallet (`PACKAGE_TYPE`). */
  @Column() type: number;
  /** 0 open, 1 closed (`PACKAGE_STATUS`). */
  @Column() status: number;
  /** kg; 0.00 when not weighed. */
  @Column({ type: 'decimal', transformer: moneyTransformer }) weight: string;
  @Column() admin_id: number;
  @Column({ type: 'int', nullable: true }) close_time: number | null;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}

/** What a package holds of one product. */
@Entity('package_line')
export class PackageLineEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() package_id: number;
  @Column() outbound_id: number;
  @Column() product_id: number;
  @Column() quantity: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}

@Entity('return_order')
export class ReturnOrderEntity extends AuditedOrder {
  @Column() return_no: string;
  @Column() outbound_id: number;
  @Column() customer_id: number;
  @Column({ default: 0 }) scrap_adjustment_id: number;
}

@Entity('return_order_line')
export class ReturnOrderLineEntity extends LineUnitColumns {
  @PrimaryGeneratedColumn() id: number;
  @Column() return_order_id: number;
  @Column() product_id: number;
  @Column() warehouse_shelf_id: number;
  @Column() lot_no: string;
  @Column() quantity: number;
  @Column() disposition: number;
  @Column() reason: string;
  @Column({ type: 'decimal', transformer: moneyTransformer }) price: string;
  @Column({ type: 'decimal', transformer: moneyTransformer }) total_price: string;
  /** JSON `["SN1", …]`: a serial-tracked product's serials, one per unit (NULL for others). */
  @Column({ type: 'text', nullable: true }) serials: string | null;
}
