import { All, Get, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Request, Response } from 'express';
import { CrudDefinition, CrudKit, CrudService, parseId, parseIds, sendListExport } from '../../../shared/crud';
import { AppError } from '../../../shared/http/app-error';
import { AuthAdmin } from '../../../shared/http/auth.decorators';
import { reply } from '../../../shared/http/reply';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { TransitionContext } from '../../../shared/transitions';
import { DeleteOrdersCommand } from '../commands/delete-orders/delete-orders.command';
import { SaveOrderCommand, SaveOrderInput } from '../commands/save-order/save-order.command';
import { OrderKind } from '../persistence/order-kinds';
import { OrderRepository } from '../persistence/order.repository';
import { ORDER_EXPORTS } from '../crud/order-exports';

/**
 * The CRUD actions every order type shares (list, export, view with lines, add, edit, delete). Transitions are
 * declared by each controller with their own permission node.
 */
export abstract class OrderController {
  protected readonly list: CrudService<any>;

  constructor(
    protected readonly kind: OrderKind,
    definition: CrudDefinition<any>,
    kit: CrudKit,
    protected readonly commands: CommandBus,
    protected readonly orders: OrderRepository,
    protected readonly transactions: TransactionRunner,
  ) {
    this.list = new CrudService(kit, definition);
  }

  @Get('index')
  index(@Query() query: Record<string, unknown>) {
    return this.list.list(query, { controllerPath: `wms/${this.kind}` });
  }

  /** The list's rows with its filters, as CSV or XLSX (`format`); the guard checks `wms/<kind>/export`. */
  @Get('export')
  export(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    return sendListExport(response, this.list, query, ORDER_EXPORTS[this.kind]);
  }

  @Get('edit')
  async row(@Query('id') id: unknown) {
    return { row: await this.orders.present(this.transactions.manager, this.kind, parseId(id)) };
  }

  /** `add`, honouring `Idempotency-Key` (the context's): a repeat answers the order the first request made. */
  protected async create(input: SaveOrderInput, context: TransitionContext) {
    return reply(await this.commands.execute(new SaveOrderCommand(this.kind, input, context.admin, undefined, context)), 'crud.added');
  }

  protected async update(input: SaveOrderInput & { id?: number }, admin: AuthAdmin) {
    return reply(await this.commands.execute(new SaveOrderCommand(this.kind, input, admin, parseId(input.id))), 'crud.updated');
  }

  @All('del')
  async del(@Req() request: Request) {
    if (request.method !== 'DELETE') throw new AppError('crud.parameter_error');
    return reply(await this.commands.execute(new DeleteOrdersCommand(this.kind, parseIds(request.query.ids))), 'crud.deleted');
  }
}

