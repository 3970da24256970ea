import { All, Body, Controller, Get, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Request, Response } from 'express';
import { CrudKit, CrudService, isTrue, parseId, parseIds } from '../../../shared/crud';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { AppError } from '../../../shared/http/app-error';
import { AuthAdmin, CurrentAdmin } from '../../../shared/http/auth.decorators';
import { reply } from '../../../shared/http/reply';
import { Transition, TransitionContext } from '../../../shared/transitions';
import { CancelWaveCommand } from '../commands/cancel-wave/cancel-wave.command';
import { ClaimTaskCommand } from '../commands/claim-task/claim-task.command';
import { ConfirmTaskCommand } from '../commands/confirm-task/confirm-task.command';
import { DeleteWavesCommand } from '../commands/delete-waves/delete-waves.command';
import { NextTaskCommand } from '../commands/next-task/next-task.command';
import { ReleaseWaveCommand } from '../commands/release-wave/release-wave.command';
import { SaveWaveCommand } from '../commands/save-wave/save-wave.command';
import { UnclaimTaskCommand } from '../commands/unclaim-task/unclaim-task.command';
import { TASK_LIST, WAVE_LIST } from '../crud/order-lists.crud';
import { TaskEntity, WaveEntity } from '../persistence/order.entities';
import { TaskRepository } from '../persistence/task.repository';
import { WaveRepository } from '../persistence/wave.repository';
import { ConfirmTaskDto, NextTaskDto, WaveDto } from './dto/directed.dto';
import { WaveSheetReader } from '../queries/wave-sheet/wave-sheet.reader';
import { OrderIdDto } from './dto/order.dto';

/** Waves: list, view (orders, tasks in sequence, progress), add / edit / delete drafts, release, cancel, print the pick sheet. */
@Controller('admin/wms.wave')
export class WaveController {
  private readonly list: CrudService<WaveEntity>;

  constructor(
    kit: CrudKit,
    private readonly commands: CommandBus,
    private readonly waves: WaveRepository,
    private readonly transactions: TransactionRunner,
    private readonly sheets: WaveSheetReader,
  ) {
    this.list = new CrudService(kit, WAVE_LIST);
  }

  /** The pick sheet: stops in sequence with totals and the per-order split. */
  @Get('print')
  async print(@Query() query: Record<string, unknown>, @CurrentAdmin() admin: AuthAdmin | undefined, @Res() response: Response): Promise<void> {
    await this.sheets.execute(query, admin, response);
  }

  @Get('index')
  index(@Query() query: Record<string, unknown>) {
    return this.list.list(query, { controllerPath: 'wms/wave' });
  }

  @Get('edit')
  async row(@Query('id') id: unknown) {
    return { row: await this.waves.present(this.transactions.manager, parseId(id)) };
  }

  @Post('add') async add(@Body() body: WaveDto, @CurrentAdmin() admin: AuthAdmin) {
    return reply(await this.commands.execute(new SaveWaveCommand(body, admin)), 'crud.added');
  }

  @Post('edit') async edit(@Body() body: WaveDto, @CurrentAdmin() admin: AuthAdmin) {
    return reply(await this.commands.execute(new SaveWaveCommand(body, admin, parseId(body.id))), 'crud.updated');
  }

  @All('del')
  async del(@Req() request: Request) {
    if (request.method !== 'DELETE') throw new AppError('crud.parameter_error');
    return reply(await this.commands.execute(new DeleteWavesCommand(parseIds(request.query.ids))), 'crud.deleted');
  }

  @Post('release') async release(@Body() body: OrderIdDto, @Transition() context: TransitionContext) {
    return reply(await this.commands.execute(new ReleaseWaveCommand(body.id, context)), 'orders.wave_released');
  }

  @Post('cancel') async cancel(@Body() body: OrderIdDto, @Transition() context: TransitionContext) {
    return reply(await this.commands.execute(new CancelWaveCommand(body.id, context)), 'orders.cancelled');
  }
}

/** Tasks (one engine for every kind): list (`assignee_id=me`), view, claim, unclaim, next, confirm by scan. */
@Controller('admin/wms.task')
export class TaskController {
  private readonly list: CrudService<TaskEntity>;

  constructor(
    kit: CrudKit,
    private readonly commands: CommandBus,
    private readonly tasks: TaskRepository,
    private readonly transactions: TransactionRunner,
  ) {
    this.list = new CrudService(kit, TASK_LIST);
  }

  @Get('index')
  index(@Query() query: Record<string, unknown>, @CurrentAdmin() admin: AuthAdmin) {
    const mine = query.assignee_id === 'me' ? { ...query, assignee_id: String(admin.id) } : query;
    return this.list.list(mine, { controllerPath: 'wms/task' });
  }

  @Get('edit')
  async row(@Query('id') id: unknown) {
    return { row: await this.tasks.present(this.transactions.manager, parseId(id)) };
  }

  @Post('claim') async claim(@Body() body: OrderIdDto, @Transition() context: TransitionContext) {
    return reply(await this.commands.execute(new ClaimTaskCommand(body.id, context)), 'orders.task_claimed');
  }

  @Post('unclaim') async unclaim(@Body() body: OrderIdDto, @Transition() context: TransitionContext) {
    return reply(await this.commands.execute(new UnclaimTaskCommand(body.id, context)), 'orders.task_unclaimed');
  }

  @Post('next') async next(@Body() body: NextTaskDto, @Transition() context: TransitionContext) {
    const task = await this.commands.execute(new NextTaskCommand(body.wave_id ?? null, context));
    return reply(task, task ? 'orders.task_claimed' : 'orders.no_open_task');
  }

  @Post('confirm') async confirm(@Body() body: ConfirmTaskDto, @Transition() context: TransitionContext) {
    const input = { from_code: body.from_code, product_code: body.product_code, quantity: body.quantity, unit_id: body.unit_id, unit_quantity: body.unit_quantity, lot_no: body.lot_no, to_code: body.to_code, short: isTrue(body.short), force: isTrue(body.force), reason: body.reason, serials: body.serials };
    return reply(await this.commands.execute(new ConfirmTaskCommand(body.id, input, context)), 'orders.task_confirmed');
  }
}
