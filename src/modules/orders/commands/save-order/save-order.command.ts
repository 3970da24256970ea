import { AuthAdmin } from '../../../../shared/http/auth.decorators';
import type { TransitionContext } from '../../../../shared/transitions';
import { OrderKind } from '../../persistence/order-kinds';

export interface SaveOrderInput {
  order_sn?: string;
  remark?: string;
  supplier_id?: number;
  customer_id?: number;
  /** Outbound: the warehouse it is fulfilled from (its lines may then omit the shelf). */
  warehouse_id?: number;
  type?: number;
  /** Return: the shipped outbound order returned against (its customer is the return's). */
  outbound_id?: number;
  lines: ReadonlyArray<SaveOrderLine>;
}

/** A goods line (inbound, outbound), a relocation line or an adjustment line, as validated by the controller's DTO. */
export interface SaveOrderLine {
  product_id: number;
  plan_quantity?: number;
  /** Adjustment lines: the signed change, its reason; any line: its lot. */
  quantity?: number;
  reason?: string;
  lot_no?: string;
  detail_code?: string;
  actual_quantity?: number;
  price?: string;
  warehouse_shelf_id?: number;
  source_warehouse_shelf_id?: number;
  target_warehouse_shelf_id?: number;
  /** Return lines: 1 restock, 2 hold, 3 scrap. */
  disposition?: number;
  /** Inbound lines: the lot's dates (`YYYY-MM-DD`). */
  production_date?: string;
  expiry_date?: string;
  /** Entered in a unit of the product (§14): the unit (0: its own) and how many of it, instead of the quantity. */
  unit_id?: number;
  unit_quantity?: number;
  /** A serial-tracked product: one serial per unit (§14). */
  serials?: readonly string[];
}

/**
 * Creates an order (no id) or replaces an unaudited one with its complete line list. A creation honours the
 * `Idempotency-Key` of `creation` (the same key and request answer the first order; another request is refused).
 */
export class SaveOrderCommand {
  constructor(
    readonly kind: OrderKind,
    readonly input: SaveOrderInput,
    readonly admin: AuthAdmin,
    readonly id?: number,
    readonly creation?: Pick<TransitionContext, 'idempotencyKey' | 'token'>,
  ) {}
}
