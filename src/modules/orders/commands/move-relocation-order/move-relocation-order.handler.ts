import { randomUUID } from 'node:crypto';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { unixNow } from '../../../../shared/http/envelope';
import { TransitionRunner } from '../../../../shared/transitions';
import { FormType, StockEventType, StockLedger } from '../../../inventory';
import { MasterDataReader } from '../../../master-data';
import { moveRelocation } from '../../domain/relocation';
import { lineSerials } from '../../domain/order-serials';
import { LineAllocation, mergeAllocations } from '../../domain/order-lots';
import { OrderRepository } from '../../persistence/order.repository';
import { operatorName } from '../goods-order-audit';
import { NamedLots } from '../named-lots';
import { LineUnits } from '../line-units';
import { eventUnitOf } from '../../domain/line-units';
import { OrderRuleError } from '../../domain/order-errors';
import { MoveRequest } from '../../domain/relocation';
import { MoveRelocationOrderCommand } from './move-relocation-order.command';

/**
 * Move (audited, status 0 or 1): each moved line appends a moved-out event on its source shelf and a
 * moved-in event on its target (form type 70); the status becomes 1, or 2 when every line is complete.
 */
@CommandHandler(MoveRelocationOrderCommand)
export class MoveRelocationOrderHandler implements ICommandHandler<MoveRelocationOrderCommand> {
  constructor(
    private readonly transitions: TransitionRunner,
    private readonly orders: OrderRepository,
    private readonly catalogue: MasterDataReader,
    private readonly ledger: StockLedger,
    private readonly namedLots: NamedLots,
    private readonly units: LineUnits,
  ) {}

  execute({ id, moves, context }: MoveRelocationOrderCommand) {
    return this.transitions.run(this.orders.document('relocation'), id, 'moved', context, async ({ manager, state: { order, lines }, write }) => {
      // moves entered in a unit (§14): base quantities from here on, each keeping its unit for the ledger
      const entered = await this.units.enter(manager, moves, (move) => lines.find((l) => l.id === (move as MoveRequest).id)?.product_id ?? 0);
      const requests = moves.map((move, index) => {
        const unit = entered[index];
        if (!unit) return move;
        if (unit.quantity < 0) throw new OrderRuleError('line_needs_quantity', { line: index + 1 });
        return { ...move, quantity: unit.quantity, ...eventUnitOf(unit.unit) };
      });
      const plan = moveRelocation(order, lines, requests);
      const unitOfLine = new Map(requests.map((r) => [r.id, r.unit]));
      const products = await this.catalogue.products(manager, plan.moves.map((m) => m.line.product_id));
      const price = (productId: number) => products.get(productId)?.price ?? '0.00';
      // The lots named by the lines moved, checked as at audit; the streams the posting moves (sources and
      // targets) are locked first, in the ledger's order, so the check holds until the stock has moved.
      const named = await this.namedLots.check(
        manager,
        plan.moves.map(({ line }) => ({ position: lines.indexOf(line) + 1, product_id: line.product_id, lot_no: line.lot_no, shelfId: line.source_warehouse_shelf_id })),
        { products },
        plan.moves.flatMap(({ line }) => [line.source_warehouse_shelf_id, line.target_warehouse_shelf_id].map((shelfId) => ({ productId: line.product_id, shelfId }))),
      );
      await write({ status: plan.status, updatetime: unixNow() }, { audit_status: 1, status: order.status });
      // serials (§14): each move of a serial-tracked line names the serials it moves (checked by the line's rules, then the ledger's)
      const wanted = moves.filter((m) => m.quantity !== 0);
      const serialsOf = (i: number) => {
        const { line, quantity } = plan.moves[i];
        const given = wanted[i]?.serials ?? [];
        if (!given.length) return {};
        return { serials: lineSerials(given, products.get(line.product_id)!, quantity, lines.indexOf(line) + 1) };
      };
      // Each line's lot as named, or its source shelf's lots first-expiry-first-out; each lot taken goes to the target.
      const { allocations } = await this.ledger.post(
        manager,
        plan.moves.map(({ line, quantity }, i) => ({
          type: StockEventType.movedOut,
          formType: FormType.stockMove,
          productId: line.product_id,
          shelfId: line.source_warehouse_shelf_id,
          quantity: -quantity,
          price: price(line.product_id),
          lotNo: named[i] || undefined,
          to: { shelfId: line.target_warehouse_shelf_id, type: StockEventType.movedIn },
          ...(unitOfLine.get(line.id) ? { unit: unitOfLine.get(line.id) } : {}),
          ...serialsOf(i),
        })),
        { order_type: 'relocation', order_id: id, order_no: order.relocation_no, admin_id: context.admin.id, operator: operatorName(context.admin), command_id: randomUUID(), occurredAt: unixNow() },
        { products },
      );
      const merged = new Map<number, LineAllocation[]>();
      plan.moves.forEach(({ line }, i) => merged.set(line.id, mergeAllocations(merged.get(line.id) ?? line.allocations ?? [], allocations[i])));
      const moved = new Map<number, string[]>();
      plan.moves.forEach(({ line }, i) => {
        const serials = serialsOf(i).serials;
        if (serials) moved.set(line.id, [...(moved.get(line.id) ?? line.serials ?? []), ...serials]);
      });
      await this.orders.setLineValues(
        manager,
        'relocation',
        new Map([...merged].map(([lineId, list]) => [lineId, { actual_quantity: plan.actual.get(lineId)!, allocations: JSON.stringify(list), ...(moved.has(lineId) ? { serials: JSON.stringify(moved.get(lineId)) } : {}) }])),
      );
    });
  }
}
