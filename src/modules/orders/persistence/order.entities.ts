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
}

@Entity('relocation_order')
export class RelocationOrderEntity extends AuditedOrder {
  @Column() relocation_no: string;
  @Column() customer_id: number;
  @Column() status: number;
}

abstract class GoodsLineColumns {
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
}

@Entity('inbound_order_line')
export class InboundOrderLineEntity extends GoodsLineColumns {
  @Column() inbound_order_id: number;
}

@Entity('outbound_order_line')
export class OutboundOrderLineEntity extends GoodsLineColumns {
  @Column() outbound_order_id: number;
}

@Entity('relocation_order_line')
export class RelocationOrderLineEntity {
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
}

@Entity('order_number')
export class OrderNumberEntity {
  @PrimaryColumn() prefix: string;
  @Column() last: number;
}

@Entity('idempotency_key')
export class IdempotencyKeyEntity {
  @PrimaryColumn() id: string;
  @Column() command: string;
  @Column() admin_id: number;
  @Column() subject_id: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
}
