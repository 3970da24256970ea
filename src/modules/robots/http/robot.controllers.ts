import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { CrudController, CrudKit, CrudRow, CrudService, ListResult } from '../../../shared/crud';
import { AppError } from '../../../shared/http/app-error';
import { reply, Reply } from '../../../shared/http/reply';
import { ROBOT_EVENTS, type RobotVariables } from '../../../../contract/robots';
import { ROBOT_CRUD, ROBOT_LOG_CRUD, ROBOT_TEMPLATE_CRUD } from '../crud/robots.cruds';
import { variablesOf } from '../domain/robot-message';
import { RobotEntity, RobotLogEntity, RobotTemplateEntity } from '../persistence/robot.entities';
import { RobotNotifier } from '../services/robot-notifier.service';
import { RobotIdDto } from './dto/robot.dto';

/** A robot as answered: `events` as a list (the secret is never answered). */
const withEventList = (row: CrudRow): CrudRow => ({ ...row, events: String(row.events ?? '').split(',').filter(Boolean) });

/** `routine.Robot`: the group robots (the guard checks `routine/robot/<action>`). */
@Controller('admin/routine.Robot')
export class RobotController extends CrudController<RobotEntity> {
  constructor(
    kit: CrudKit,
    private readonly notifier: RobotNotifier,
  ) {
    super(new CrudService(kit, ROBOT_CRUD));
  }

  @Get('index')
  override async index(@Query() query: Record<string, unknown>): Promise<ListResult> {
    const answer = await super.index(query);
    return { ...answer, list: answer.list.map(withEventList) };
  }

  @Get('edit')
  override async row(@Query('id') id: unknown): Promise<{ row: CrudRow }> {
    return { row: withEventList((await super.row(id)).row) };
  }

  @Post('add')
  override async add(@Body() body: unknown): Promise<Reply<CrudRow>> {
    return reply(withEventList(await this.crud.add(body)), 'crud.added');
  }

  @Post('edit')
  override async edit(@Body() body: unknown): Promise<Reply<CrudRow>> {
    return reply(withEventList(await this.crud.edit(body)), 'crud.updated');
  }

  /** Sends a test message to this robot; answers its log row (`result` 1 when the robot took it). */
  @Post('test')
  async test(@Body() body: RobotIdDto) {
    const row = await this.notifier.test(body.id);
    return reply(row, row.result ? 'robots.test_sent' : 'robots.test_failed');
  }
}

/** `routine.RobotTemplate`: each event's message per language, and the variables it may use. */
@Controller('admin/routine.RobotTemplate')
export class RobotTemplateController extends CrudController<RobotTemplateEntity> {
  constructor(kit: CrudKit) {
    super(new CrudService(kit, ROBOT_TEMPLATE_CRUD));
  }

  @Get('variables')
  variables(@Query('event') event: unknown): RobotVariables {
    if (typeof event !== 'string' || !(ROBOT_EVENTS as readonly string[]).includes(event)) throw new AppError('robots.unknown_event');
    return { event, variables: variablesOf(event as (typeof ROBOT_EVENTS)[number]) };
  }
}

/** `routine.RobotLog`: what was sent to which robot and what it answered (read only). */
@Controller('admin/routine.RobotLog')
export class RobotLogController {
  private readonly crud: CrudService<RobotLogEntity>;

  constructor(kit: CrudKit) {
    this.crud = new CrudService(kit, ROBOT_LOG_CRUD);
  }

  @Get('index')
  index(@Query() query: Record<string, unknown>): Promise<ListResult> {
    return this.crud.list(query, { controllerPath: 'routine/robotlog' });
  }
}
