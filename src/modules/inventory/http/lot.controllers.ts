import { Body, Controller, Get, Post, Query, Res } from '@nestjs/common';
import { Response } from 'express';
import { SelectQueryBuilder } from 'typeorm';
import { CrudKit, CrudService, isTrue } from '../../../shared/crud';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { AuthAdmin, CurrentAdmin } from '../../../shared/http/auth.decorators';
import { reply } from '../../../shared/http/reply';
import { translate } from '../../../shared/http/translate';
import { sendSpreadsheet } from '../../../shared/http/xlsx-export';
import { siteTimeFormatter } from '../../../shared/time/site-day';
import { SiteConfigService } from '../../platform';
import { LOT_LIST } from '../crud/inventory.cruds';
import { LotBlocks } from '../ledger/lot-blocks.service';
import { StockLotEntity } from '../persistence/inventory.entities';
import { LotBlockDto, LotRefDto } from './dto/lot.dto';

const EXPORT_PAGE_ROWS = 500;

/**
 * Lots (`wms.Lot`): every (product, lot) received, with its dates, first receipt, where it is (`on_hand` per
 * shelf), whether it is blocked and why; filters `blocked=1|0` and `in_stock=1`. `block` / `unblock` (the
 * admin log keeps both requests). The recall trace is the orders context's (`wms.Lot/trace`).
 */
@Controller('admin/wms.lot')
export class LotController {
  private readonly crud: CrudService<StockLotEntity>;

  constructor(
    kit: CrudKit,
    private readonly blocks: LotBlocks,
    private readonly transactions: TransactionRunner,
    private readonly siteConfig: SiteConfigService,
  ) {
    this.crud = new CrudService(kit, LOT_LIST);
  }

  @Get('index')
  async index(@Query() query: Record<string, unknown>) {
    const answer = await this.crud.list(query, { controllerPath: 'wms/lot', scope: (qb) => lotScope(qb, query) });
    return { ...answer, list: await this.transactions.read((manager) => this.blocks.present(manager, answer.list)) };
  }

  /** The lots the list's filters select, as CSV or (`format=xlsx`) XLSX: one row per lot, its shelves in one cell. */
  @Get('export')
  async export(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    const h = (key: string) => translate(`lots.columns.${key}`);
    const time = siteTimeFormatter(await this.siteConfig.timeZone());
    const crud = this.crud;
    const blocks = this.blocks;
    const transactions = this.transactions;
    async function* rows() {
      for await (const page of crud.scan(query, { chunkSize: EXPORT_PAGE_ROWS, scope: (qb) => lotScope(qb, query) })) yield await transactions.read((manager) => blocks.present(manager, page));
    }
    await sendSpreadsheet<Record<string, any>>(
      response,
      query.format,
      `lots-${new Date().toISOString().slice(0, 10)}`,
      h('sheet'),
      [
        { header: h('product_no'), value: (r) => r.product?.product_no },
        { header: h('product_name'), value: (r) => r.product?.name },
        { header: h('lot_no'), value: (r) => r.lot_no },
        { header: h('production_date'), value: (r) => r.production_date },
        { header: h('expiry_date'), value: (r) => r.expiry_date },
        { header: h('received_at'), value: (r) => time(Number(r.received_at)) },
        { header: h('quantity'), value: (r) => r.quantity, type: 'number' },
        { header: h('on_hand'), value: (r) => (r.on_hand as Array<Record<string, any>>).map((s) => `${s.warehouse_name}/${s.area_name}/${s.shelf_name}: ${s.quantity}`).join('; ') },
        { header: h('blocked'), value: (r) => translate(r.blocked ? 'lots.columns.yes' : 'lots.columns.no') },
        { header: h('block_reason'), value: (r) => r.block_reason },
      ],
      rows(),
    );
  }

  @Post('block')
  async block(@Body() body: LotBlockDto, @CurrentAdmin() admin: AuthAdmin) {
    return reply(await this.blocks.block({ productId: body.product_id, lotNo: body.lot_no, reason: body.reason.trim() }, admin.id), 'lots.blocked');
  }

  @Post('unblock')
  async unblock(@Body() body: LotRefDto) {
    return reply(await this.blocks.unblock({ productId: body.product_id, lotNo: body.lot_no }), 'lots.unblocked');
  }
}

/** `blocked=1` only blocked lots, `blocked=0` only the others; `in_stock=1` only lots some shelf holds. */
function lotScope(qb: SelectQueryBuilder<any>, query: Record<string, unknown>) {
  const blocked = 'EXISTS (SELECT 1 FROM lot_block b WHERE b.product_id = lot.product_id AND b.lot_no = lot.lot_no)';
  if (query.blocked === '1' || query.blocked === 1) qb.andWhere(blocked);
  if (query.blocked === '0' || query.blocked === 0) qb.andWhere(`NOT ${blocked}`);
  if (isTrue(query.in_stock)) qb.andWhere('EXISTS (SELECT 1 FROM stock s WHERE s.product_id = lot.product_id AND s.lot_no = lot.lot_no AND s.quantity > 0)');
  return qb;
}
