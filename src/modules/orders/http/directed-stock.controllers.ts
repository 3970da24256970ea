import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CrudController, CrudKit, CrudService } from '../../../shared/crud';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { AuthAdmin, CurrentAdmin } from '../../../shared/http/auth.decorators';
import { reply } from '../../../shared/http/reply';
import { MasterDataReader } from '../../master-data';
import type { PutawaySuggestionView } from '../../../../contract/directed';
import { DraftReorderCommand } from '../commands/draft-reorder/draft-reorder.command';
import { PutawayPlanner } from '../commands/putaway-planner';
import { RunReplenishmentCommand } from '../commands/run-replenishment/run-replenishment.command';
import { PICK_FACE_CRUD, PUTAWAY_RULE_CRUD, REORDER_RULE_CRUD } from '../crud/directed-rules.crud';
import { PickFaceEntity, PutawayRuleEntity, ReorderRuleEntity } from '../persistence/directed-rules.entities';
import { ReorderReader } from '../queries/reorder/reorder.reader';
import { ReorderDraftDto, ReorderIndexDto, RunReplenishmentDto, SuggestPutawayDto } from './dto/directed-work.dto';

/** Putaway rules (§12): the generic CRUD actions. */
@Controller('admin/wms.PutawayRule')
export class PutawayRuleController extends CrudController<PutawayRuleEntity> {
  constructor(kit: CrudKit) {
    super(new CrudService(kit, PUTAWAY_RULE_CRUD));
  }
}

/** Pick faces (§12): the generic CRUD actions. */
@Controller('admin/wms.PickFace')
export class PickFaceController extends CrudController<PickFaceEntity> {
  constructor(kit: CrudKit) {
    super(new CrudService(kit, PICK_FACE_CRUD));
  }
}

/** Reorder rules (§12): the generic CRUD actions. */
@Controller('admin/wms.ReorderRule')
export class ReorderRuleController extends CrudController<ReorderRuleEntity> {
  constructor(kit: CrudKit) {
    super(new CrudService(kit, REORDER_RULE_CRUD));
  }
}

/** `GET wms.Putaway/suggest`: where a quantity of a product would go now (nothing is written). */
@Controller('admin/wms.Putaway')
export class PutawayController {
  constructor(
    private readonly planner: PutawayPlanner,
    private readonly transactions: TransactionRunner,
    private readonly catalogue: MasterDataReader,
  ) {}

  @Get('suggest')
  async suggest(@Query() query: SuggestPutawayDto): Promise<PutawaySuggestionView> {
    const manager = this.transactions.manager;
    const suggestion = await this.planner.suggest(manager, { warehouseId: query.warehouse_id, productId: query.product_id, quantity: query.quantity, lotNo: (query.lot_no ?? '').trim().toUpperCase() });
    const shelves = await this.catalogue.shelves(manager, suggestion.lines.map((l) => l.warehouse_shelf_id));
    return {
      lines: suggestion.lines.map((l) => {
        const s = shelves.get(l.warehouse_shelf_id);
        return { ...l, shelf: s ? { id: s.id, name: s.name, serial_no: s.serial_no } : null };
      }),
      unplaced: suggestion.unplaced,
    };
  }
}

/** `POST wms.Replenishment/run {warehouse_id?}`. */
@Controller('admin/wms.Replenishment')
export class ReplenishmentController {
  constructor(private readonly commands: CommandBus) {}

  @Post('run')
  async run(@Body() body: RunReplenishmentDto) {
    return reply(await this.commands.execute(new RunReplenishmentCommand(body.warehouse_id || undefined)), 'orders.replenishment_run');
  }
}

/** `GET wms.Reorder/index?warehouse_id`, `POST wms.Reorder/draft {warehouse_id, product_ids?}`. */
@Controller('admin/wms.Reorder')
export class ReorderController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reorder: ReorderReader,
    private readonly transactions: TransactionRunner,
  ) {}

  @Get('index')
  async index(@Query() query: ReorderIndexDto) {
    const list = await this.reorder.lines(this.transactions.manager, query.warehouse_id);
    return { list, total: list.length };
  }

  @Post('draft')
  async draft(@Body() body: ReorderDraftDto, @CurrentAdmin() admin: AuthAdmin) {
    const result = await this.commands.execute(new DraftReorderCommand(body.warehouse_id, body.product_ids, admin));
    return reply(result, result.orders.length ? 'orders.reorder_drafted' : 'orders.reorder_nothing');
  }
}
