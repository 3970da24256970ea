import { Controller, Get, Query, Res } from '@nestjs/common';
import { Response } from 'express';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { translate } from '../../../shared/http/translate';
import { sendSpreadsheet } from '../../../shared/http/xlsx-export';
import { siteTimeFormatter } from '../../../shared/time/site-day';
import { SiteConfigService } from '../../platform';
import { LotTraceQuery } from './dto/order.dto';
import { LotTraceReader } from '../queries/lot-trace/lot-trace.reader';

/** One row of the trace's spreadsheet: a section (receipt, shipment, return, other, on hand) and its figures. */
interface TraceRow {
  section: string;
  order_no: string;
  party: string;
  time: string;
  location: string;
  quantity: number;
  returned: number | '';
}

/**
 * The recall trace of a lot (`wms.Lot/trace`, `wms.Lot/trace/export`): here rather than beside the lots list
 * because only the orders context knows the orders' suppliers, customers and returns.
 */
@Controller('admin/wms.lot')
export class LotTraceController {
  constructor(
    private readonly trace: LotTraceReader,
    private readonly transactions: TransactionRunner,
    private readonly siteConfig: SiteConfigService,
  ) {}

  @Get('trace')
  async show(@Query() query: LotTraceQuery) {
    return this.transactions.read((manager) => this.trace.trace(manager, query.product_id, query.lot_no));
  }

  /** The trace as CSV or (`format=xlsx`) XLSX: one row per receipt, shipment, return, other movement and shelf. */
  @Get('trace/export')
  async export(@Query() query: LotTraceQuery, @Res() response: Response): Promise<void> {
    const trace = await this.transactions.read((manager) => this.trace.trace(manager, query.product_id, query.lot_no));
    const time = siteTimeFormatter(await this.siteConfig.timeZone());
    const h = (key: string) => translate(`lots.trace.${key}`);
    const rows: TraceRow[] = [
      ...trace.receipts.map((r) => ({ section: h('receipt'), order_no: r.order_no, party: r.supplier_name, time: time(r.time), location: '', quantity: r.quantity, returned: '' as const })),
      ...trace.shipments.map((s) => ({ section: h('shipment'), order_no: s.order_no, party: s.customer_name, time: time(s.time), location: '', quantity: s.quantity, returned: s.returned })),
      ...trace.returns.map((r) => ({ section: h('return'), order_no: r.order_no, party: r.customer_name, time: time(r.time), location: '', quantity: r.quantity, returned: '' as const })),
      ...trace.other.map((o) => ({ section: translate(`inventory.form_types.${o.form_type}`), order_no: o.order_no, party: '', time: time(o.time), location: '', quantity: o.quantity, returned: '' as const })),
      ...trace.on_hand.map((s) => ({ section: h('on_hand'), order_no: '', party: '', time: '', location: `${s.warehouse_name} / ${s.area_name} / ${s.shelf_name}`, quantity: s.quantity, returned: '' as const })),
    ];
    async function* pages() {
      yield rows;
    }
    await sendSpreadsheet<TraceRow>(
      response,
      query.format,
      `lot-trace-${trace.product.product_no || trace.product.id}-${trace.lot.lot_no}`.replace(/[^A-Za-z0-9._-]/g, '_'),
      h('sheet'),
      [
        { header: h('section'), value: (r) => r.section },
        { header: h('order_no'), value: (r) => r.order_no },
        { header: h('party'), value: (r) => r.party },
        { header: h('time'), value: (r) => r.time },
        { header: h('location'), value: (r) => r.location },
        { header: h('quantity'), value: (r) => r.quantity, type: 'number' },
        { header: h('returned'), value: (r) => r.returned, type: 'number' },
      ],
      pages(),
    );
  }
}
