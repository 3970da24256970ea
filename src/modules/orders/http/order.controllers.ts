import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CrudKit, parseId } from '../../../shared/crud';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { AuthAdmin, CurrentAdmin } from '../../../shared/http/auth.decorators';
import { Transition, TransitionContext } from '../../../shared/transitions';
import { AuditAdjustmentOrderCommand } from '../commands/audit-adjustment-order/audit-adjustment-order.command';
import { AuditInboundOrderCommand } from '../commands/audit-inbound-order/audit-inbound-order.command';
import { AuditOutboundOrderCommand } from '../commands/audit-outbound-order/audit-outbound-order.command';
import { AuditRelocationOrderCommand } from '../commands/audit-relocation-order/audit-relocation-order.command';
import { CancelRelocationOrderCommand } from '../commands/cancel-relocation-order/cancel-relocation-order.command';
import { MoveRelocationOrderCommand } from '../commands/move-relocation-order/move-relocation-order.command';
import { ShipOutboundOrderCommand } from '../commands/ship-outbound-order/ship-outbound-order.command';
import { OrderRepository } from '../persistence/order.repository';
import { reply } from '../../../shared/http/reply';
import { AdjustmentOrderDto, InboundOrderDto, MoveDto, OrderIdDto, OutboundOrderDto, RelocationOrderDto, ReserveDto, ReturnOrderDto, ShipDto } from './dto/order.dto';
import { AuditReturnOrderCommand } from '../commands/audit-return-order/audit-return-order.command';
import { assertReturnableOrder } from '../domain/customer-return';
import { ReturnablesReader } from '../queries/returnables/returnables.reader';
import { MasterDataReader } from '../../master-data';
import { ReserveOutboundOrderCommand } from '../commands/reserve-outbound-order/reserve-outbound-order.command';
import { UnreserveOutboundOrderCommand } from '../commands/unreserve-outbound-order/unreserve-outbound-order.command';
import { isTrue } from '../../../shared/crud';
import { OrderController } from './order.controller';
import { ADJUSTMENT_LIST, INBOUND_LIST, OUTBOUND_LIST, RELOCATION_LIST, RETURN_LIST } from '../crud/order-lists.crud';

@Controller('admin/wms.inbound')
export class InboundController extends OrderController {
  constructor(kit: CrudKit, commands: CommandBus, orders: OrderRepository, transactions: TransactionRunner) {
    super('inbound', INBOUND_LIST, kit, commands, orders, transactions);
  }

  @Post('add') add(@Body() body: InboundOrderDto, @Transition() context: TransitionContext) {
    return this.create(body, context);
  }

  @Post('edit') edit(@Body() body: InboundOrderDto, @CurrentAdmin() admin: AuthAdmin) {
    return this.update(body, admin);
  }

  @Post('audit') async audit(@Body() body: OrderIdDto, @Transition() context: TransitionContext) {
    return reply(await this.commands.execute(new AuditInboundOrderCommand(body.id, context)), 'orders.audited');
  }
}

@Controller('admin/wms.outbound')
export class OutboundController extends OrderController {
  constructor(kit: CrudKit, commands: CommandBus, orders: OrderRepository, transactions: TransactionRunner) {
    super('outbound', OUTBOUND_LIST, kit, commands, orders, transactions);
  }

  @Post('add') add(@Body() body: OutboundOrderDto, @Transition() context: TransitionContext) {
    return this.create(body, context);
  }

  @Post('edit') edit(@Body() body: OutboundOrderDto, @CurrentAdmin() admin: AuthAdmin) {
    return this.update(body, admin);
  }

  @Post('audit') async audit(@Body() body: OrderIdDto, @Transition() context: TransitionContext) {
    return reply(await this.commands.execute(new AuditOutboundOrderCommand(body.id, context)), 'orders.audited');
  }

  @Post('reserve') async reserve(@Body() body: ReserveDto, @Transition() context: TransitionContext) {
    return reply(await this.commands.execute(new ReserveOutboundOrderCommand(body.id, isTrue(body.partial), context)), 'orders.reserved');
  }

  @Post('unreserve') async unreserve(@Body() body: OrderIdDto, @Transition() context: TransitionContext) {
    return reply(await this.commands.execute(new UnreserveOutboundOrderCommand(body.id, context)), 'orders.unreserved');
  }

  @Post('ship') async ship(@Body() body: ShipDto, @Transition() context: TransitionContext) {
    const input = { carrier_id: body.carrier_id, courier_number: body.courier_number, shipment_time: body.shipment_time };
    return reply(await this.commands.execute(new ShipOutboundOrderCommand(body.id, input, context)), 'orders.shipped');
  }
}

@Controller('admin/wms.relocation')
export class RelocationController extends OrderController {
  constructor(kit: CrudKit, commands: CommandBus, orders: OrderRepository, transactions: TransactionRunner) {
    super('relocation', RELOCATION_LIST, kit, commands, orders, transactions);
  }

  @Post('add') add(@Body() body: RelocationOrderDto, @Transition() context: TransitionContext) {
    return this.create(body, context);
  }

  @Post('edit') edit(@Body() body: RelocationOrderDto, @CurrentAdmin() admin: AuthAdmin) {
    return this.update(body, admin);
  }

  @Post('audit') async audit(@Body() body: OrderIdDto, @Transition() context: TransitionContext) {
    return reply(await this.commands.execute(new AuditRelocationOrderCommand(body.id, context)), 'orders.audited');
  }

  @Post('move') async move(@Body() body: MoveDto, @Transition() context: TransitionContext) {
    return reply(await this.commands.execute(new MoveRelocationOrderCommand(body.id, body.lines, context)), 'orders.moved');
  }

  @Post('cancel') async cancel(@Body() body: OrderIdDto, @Transition() context: TransitionContext) {
    return reply(await this.commands.execute(new CancelRelocationOrderCommand(body.id, context)), 'orders.cancelled');
  }
}

@Controller('admin/wms.adjustment')
export class AdjustmentController extends OrderController {
  constructor(kit: CrudKit, commands: CommandBus, orders: OrderRepository, transactions: TransactionRunner) {
    super('adjustment', ADJUSTMENT_LIST, kit, commands, orders, transactions);
  }

  @Post('add') add(@Body() body: AdjustmentOrderDto, @Transition() context: TransitionContext) {
    return this.create(body, context);
  }

  @Post('edit') edit(@Body() body: AdjustmentOrderDto, @CurrentAdmin() admin: AuthAdmin) {
    return this.update(body, admin);
  }

  @Post('audit') async audit(@Body() body: OrderIdDto, @Transition() context: TransitionContext) {
    return reply(await this.commands.execute(new AuditAdjustmentOrderCommand(body.id, context)), 'orders.audited');
  }
}

/**
 * Customer returns (`wms.Return`): against a shipped outbound order, lines with a disposition (restock, hold,
 * scrap); `returnable?outbound_id=` answers what may still be returned of the shipment, per product and lot
 * (with the product's `lot_tracked` and `serial_tracked`, so the form knows which lines scan serials).
 */
@Controller('admin/wms.return')
export class ReturnController extends OrderController {
  constructor(
    kit: CrudKit,
    commands: CommandBus,
    orders: OrderRepository,
    transactions: TransactionRunner,
    private readonly returnables: ReturnablesReader,
    private readonly catalogue: MasterDataReader,
  ) {
    super('return', RETURN_LIST, kit, commands, orders, transactions);
  }

  @Post('add') add(@Body() body: ReturnOrderDto, @Transition() context: TransitionContext) {
    return this.create(body, context);
  }

  @Post('edit') edit(@Body() body: ReturnOrderDto, @CurrentAdmin() admin: AuthAdmin) {
    return this.update(body, admin);
  }

  @Post('audit') async audit(@Body() body: OrderIdDto, @Transition() context: TransitionContext) {
    return reply(await this.commands.execute(new AuditReturnOrderCommand(body.id, context)), 'orders.audited');
  }

  /** The shipped order's number and customer, and per (product, lot) what it shipped, what came back and what may still. */
  @Get('returnable')
  async returnable(@Query('outbound_id') outboundId: unknown) {
    const manager = this.transactions.manager;
    const outbound = await this.returnables.outbound(manager, parseId(outboundId));
    assertReturnableOrder(outbound);
    const returnable = await this.returnables.of(manager, outbound!.id);
    const products = await this.catalogue.products(manager, returnable.map((r) => r.product_id));
    const customer = (await this.catalogue.parties(manager, 'customer', [outbound!.customer_id])).get(outbound!.customer_id);
    return {
      outbound: { ...outbound, customer_name: customer?.name ?? '' },
      returnable: returnable.map((r) => {
        const p = products.get(r.product_id);
        return { ...r, product: p ? { name: p.name, product_no: p.product_no, spec: p.spec, unit_name: p.unit_name, lot_tracked: p.lot_tracked ? 1 : 0, serial_tracked: p.serial_tracked ? 1 : 0 } : null };
      }),
    };
  }
}
