import { Controller, Get, Query } from '@nestjs/common';
import type { OrderSnapshot } from '../../../../contract/audit';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { AppError } from '../../../shared/http/app-error';
import { MovedOrderType, OrderMovementReader } from '../../inventory';
import { OrderRepository } from '../persistence/order.repository';
import { StocktakeRepository } from '../persistence/stocktake.repository';

/** The documents whose snapshot the trace shows (a wave's picks are traced through their movements only). */
const ORDER_TYPES: ReadonlyArray<Exclude<MovedOrderType, 'wave' | 'task'>> = ['inbound', 'outbound', 'relocation', 'stocktake', 'adjustment', 'return'];

/**
 * The order a movement of the auditor's trace came from, as audited (`GET /admin/audit.Trace/order`, the
 * trace's `order` node): the order with its lines as its own detail shows them (`row`), and the movements
 * the ledger recorded for it with the names, places and prices of that moment (`movements`). Read-only: an
 * auditor needs no right to the order pages (and none to edit them) to read an order their trace names.
 * Here rather than beside the trace because only the orders context reads orders.
 */
@Controller('admin/audit.Trace')
export class AuditOrderController {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly orders: OrderRepository,
    private readonly stocktakes: StocktakeRepository,
    private readonly movements: OrderMovementReader,
  ) {}

  @Get('order')
  async order(@Query('order_type') orderType: unknown, @Query('order_id') orderId: unknown): Promise<OrderSnapshot> {
    if (typeof orderType !== 'string' || !(ORDER_TYPES as readonly string[]).includes(orderType)) throw new AppError('ledger.audit.bad_order_type');
    if (typeof orderId !== 'string' || !/^\d{1,10}$/.test(orderId) || Number(orderId) < 1) throw new AppError('ledger.audit.bad_id', { field: 'order_id' });
    const kind = orderType as Exclude<MovedOrderType, 'wave' | 'task'>;
    const id = Number(orderId);
    const manager = this.transactions.manager;
    const movements = await this.movements.of(manager, kind, id);
    if (!movements.length) throw new AppError('ledger.audit.order_not_found');
    const row = await (kind === 'stocktake' ? this.stocktakes.present(manager, id) : this.orders.present(manager, kind, id)).catch((error: unknown) => {
      // the order row is gone (the ledger outlives it): the movements still say what it did
      if (error instanceof AppError) return null;
      throw error;
    });
    return {
      order: { order_type: kind, order_id: id, order_no: movements[0].order_no, operator: movements[0].operator, first_at: movements[0].createtime, last_at: movements[movements.length - 1].createtime },
      row,
      movements,
    };
  }
}
