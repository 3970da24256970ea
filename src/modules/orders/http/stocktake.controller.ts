import { All, Body, Controller, Get, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Request, Response } from 'express';
import { CrudKit, CrudService, parseId, parseIds, sendListExport } from '../../../shared/crud';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { AppError } from '../../../shared/http/app-error';
import { AuthAdmin, CurrentAdmin } from '../../../shared/http/auth.decorators';
import { reply } from '../../../shared/http/reply';
import { Transition, TransitionContext } from '../../../shared/transitions';
import { CancelStocktakeCommand } from '../commands/cancel-stocktake/cancel-stocktake.command';
import { CountStocktakeCommand } from '../commands/count-stocktake/count-stocktake.command';
import { DeleteStocktakesCommand } from '../commands/delete-stocktakes/delete-stocktakes.command';
import { PostStocktakeCommand } from '../commands/post-stocktake/post-stocktake.command';
import { SaveStocktakeCommand } from '../commands/save-stocktake/save-stocktake.command';
import { StartStocktakeCommand } from '../commands/start-stocktake/start-stocktake.command';
import { CountRequest, StocktakeRuleError } from '../domain/stocktake';
import { StocktakeEntity } from '../persistence/order.entities';
import { StocktakeRepository } from '../persistence/stocktake.repository';
import { CountSheetReader } from '../queries/count-sheet/count-sheet.reader';
import { CountDto, OrderIdDto, StocktakeDto } from './dto/order.dto';
import { STOCKTAKE_EXPORT } from '../crud/order-exports';
import { STOCKTAKE_LIST } from '../crud/order-lists.crud';

/** Counts (stock take): list and its export, view with lines, add / edit drafts, delete drafts or cancelled counts, and the transitions. */
@Controller('admin/wms.stocktake')
export class StocktakeController {
  private readonly list: CrudService<StocktakeEntity>;

  constructor(
    kit: CrudKit,
    private readonly commands: CommandBus,
    private readonly stocktakes: StocktakeRepository,
    private readonly transactions: TransactionRunner,
    private readonly printer: CountSheetReader,
  ) {
    this.list = new CrudService(kit, STOCKTAKE_LIST);
  }

  @Get('index')
  index(@Query() query: Record<string, unknown>) {
    return this.list.list(query, { controllerPath: 'wms/stocktake' });
  }

  @Get('export')
  export(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    return sendListExport(response, this.list, query, STOCKTAKE_EXPORT);
  }

  @Get('edit')
  async row(@Query('id') id: unknown) {
    return { row: await this.stocktakes.present(this.transactions.manager, parseId(id)) };
  }

  @Post('add') async add(@Body() body: StocktakeDto, @CurrentAdmin() admin: AuthAdmin) {
    return reply(await this.commands.execute(new SaveStocktakeCommand(body, admin)), 'crud.added');
  }

  @Post('edit') async edit(@Body() body: StocktakeDto, @CurrentAdmin() admin: AuthAdmin) {
    return reply(await this.commands.execute(new SaveStocktakeCommand(body, admin, parseId(body.id))), 'crud.updated');
  }

  @All('del')
  async del(@Req() request: Request) {
    if (request.method !== 'DELETE') throw new AppError('crud.parameter_error');
    return reply(await this.commands.execute(new DeleteStocktakesCommand(parseIds(request.query.ids))), 'crud.deleted');
  }

  @Post('start') async start(@Body() body: OrderIdDto, @Transition() context: TransitionContext) {
    return reply(await this.commands.execute(new StartStocktakeCommand(body.id, context)), 'stocktake.started');
  }

  @Post('count') async count(@Body() body: CountDto, @Transition() context: TransitionContext) {
    const lines = body.lines.map<CountRequest>((line) => {
      const unit = line.unit_quantity === undefined || line.unit_quantity === null ? {} : { unit_id: line.unit_id ?? 0, unit_quantity: line.unit_quantity };
      const serials = line.serials ? { serials: line.serials } : {};
      if (line.id) return { id: line.id, counted_quantity: line.counted_quantity, ...unit, ...serials };
      if (line.product_id && line.warehouse_shelf_id) return { product_id: line.product_id, warehouse_shelf_id: line.warehouse_shelf_id, lot_no: (line.lot_no ?? '').trim(), counted_quantity: line.counted_quantity, ...unit, ...serials };
      throw new StocktakeRuleError('count_line_needs_id');
    });
    return reply(await this.commands.execute(new CountStocktakeCommand(body.id, lines, context)), 'stocktake.counted');
  }

  @Post('post') async post(@Body() body: OrderIdDto, @Transition() context: TransitionContext) {
    return reply(await this.commands.execute(new PostStocktakeCommand(body.id, context)), 'stocktake.posted');
  }

  @Post('cancel') async cancel(@Body() body: OrderIdDto, @Transition() context: TransitionContext) {
    return reply(await this.commands.execute(new CancelStocktakeCommand(body.id, context)), 'stocktake.cancelled');
  }

  /** The count sheet (PDF): lines in shelf-path order; a blind count shows no book quantity. */
  @Get('print')
  async print(@Query() query: Record<string, unknown>, @CurrentAdmin() admin: AuthAdmin | undefined, @Res() response: Response): Promise<void> {
    await this.printer.execute(query, admin, response);
  }
}
