import { Controller, Get, Query, Res } from '@nestjs/common';
import { Response } from 'express';
import { translate } from '../../../shared/http/translate';
import { sendSpreadsheet, XlsxColumn } from '../../../shared/http/xlsx-export';
import { siteTimeFormatter } from '../../../shared/time/site-day';
import { SiteConfigService } from '../../platform';
import { pagingOf, traceFiltersOf, varianceFiltersOf } from '../queries/audit-workspace/audit-filters';
import { MovementTraceReader, TraceRow } from '../queries/audit-workspace/movement-trace.reader';
import { CountVarianceReader, VarianceRow } from '../queries/audit-workspace/count-variances.reader';
import { StockAsOfReader } from '../queries/stock-as-of/stock-as-of.reader';

/** Rows read per page of an export (see inventory.controllers.ts for what was measured). */
const EXPORT_PAGE_ROWS = 500;


function formTypeLabels(): (value: number) => string {
  const labels = new Map<number, string>();
  return (value) => labels.get(value) ?? labels.set(value, translate(`inventory.form_types.${value}`)).get(value)!;
}

/**
 * The auditor's movement trace (`/admin/audit.Trace/*`): every movement of one product (optionally one lot,
 * warehouse or shelf, and a period) in ledger order with its running balances and the order it came from;
 * `order` answers one order with its movements as the ledger recorded them at its audit (the snapshot its history
 * rows carry), whatever happened to the order or the catalogue since — that action lives in the orders
 * context (orders/http/audit-order.controller.ts), which can read orders.
 */
@Controller('admin/audit.Trace')
export class AuditTraceController {
  constructor(
    private readonly trace: MovementTraceReader,
    private readonly siteConfig: SiteConfigService,
  ) {}

  @Get('index')
  async index(@Query() query: Record<string, unknown>) {
    const filters = traceFiltersOf(query, await this.siteConfig.timeZone());
    return this.trace.page(filters, pagingOf(query));
  }

  @Get('export')
  async export(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    const timeZone = await this.siteConfig.timeZone();
    const filters = traceFiltersOf(query, timeZone);
    const time = siteTimeFormatter(timeZone);
    const formType = formTypeLabels();
    const h = (key: string) => translate(`ledger.audit.columns.${key}`);
    const columns: XlsxColumn<TraceRow>[] = [
      { header: h('event_id'), value: (r) => r.event_id, type: 'number' },
      { header: h('createtime'), value: (r) => time(r.createtime) },
      { header: h('order_no'), value: (r) => r.order_no },
      { header: h('form_type'), value: (r) => formType(r.form_type) },
      { header: h('product_no'), value: (r) => r.product_no },
      { header: h('product_name'), value: (r) => r.product_name },
      { header: h('shelf_location'), value: (r) => r.shelf_location },
      { header: h('lot_no'), value: (r) => r.lot_no },
      { header: h('quantity'), value: (r) => r.quantity, type: 'number' },
      { header: h('price'), value: (r) => r.price, type: 'money' },
      { header: h('total_price'), value: (r) => r.total_price, type: 'money' },
      { header: h('balance'), value: (r) => r.balance, type: 'number' },
      { header: h('scope_balance'), value: (r) => r.scope_balance, type: 'number' },
      { header: h('product_balance'), value: (r) => r.product_balance, type: 'number' },
      { header: h('operator'), value: (r) => r.operator },
    ];
    await sendSpreadsheet(response, query.format, `movement-trace-${filters.productId}`, h('trace_sheet'), columns, this.trace.scan(filters, EXPORT_PAGE_ROWS));
  }
}

/** Stock as it stood at the end of a past day (`asof`), from the ledger: the stock page's as-of service, paged and exported. */
@Controller('admin/audit.Stock')
export class AuditStockController {
  constructor(
    private readonly asOf: StockAsOfReader,
    private readonly siteConfig: SiteConfigService,
  ) {}

  @Get('index')
  index(@Query() query: Record<string, unknown>) {
    pagingOf(query);
    return this.asOf.execute(query);
  }

  @Get('export')
  async export(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    const { rows, until } = await this.asOf.rows(query);
    const time = siteTimeFormatter(await this.siteConfig.timeZone());
    const h = (key: string) => translate(`inventory.stock_columns.${key}`);
    type Row = (typeof rows)[number];
    const columns: XlsxColumn<Row>[] = [
      { header: h('product_no'), value: (r) => r.product.product_no },
      { header: h('product_name'), value: (r) => r.product.name },
      { header: h('spec'), value: (r) => r.product.spec },
      { header: h('warehouse'), value: (r) => r.warehouse.name },
      { header: h('area'), value: (r) => r.area.name },
      { header: h('shelf'), value: (r) => r.shelf.name },
      { header: translate('fields.lot_no'), value: (r) => r.lot_no },
      { header: translate('fields.expiry_date'), value: (r) => r.expiry_date },
      { header: h('quantity'), value: (r) => r.quantity, type: 'number' },
      { header: translate('ledger.audit.columns.stock_value'), value: (r) => r.value, type: 'money' },
      { header: translate('ledger.audit.columns.last_movement'), value: (r) => time(r.updatetime) },
    ];
    async function* chunks() {
      for (let i = 0; i < rows.length; i += EXPORT_PAGE_ROWS) yield rows.slice(i, i + EXPORT_PAGE_ROWS);
    }
    const day = String(query.asof);
    await sendSpreadsheet(response, query.format, `stock-as-of-${day}`, translate('ledger.audit.columns.stock_sheet', { day, time: time(until) }), columns, chunks());
  }
}

/** The count and adjustment variances of a period with their value (`/admin/audit.Variance/*`). */
@Controller('admin/audit.Variance')
export class AuditVarianceController {
  constructor(
    private readonly variances: CountVarianceReader,
    private readonly siteConfig: SiteConfigService,
  ) {}

  @Get('index')
  async index(@Query() query: Record<string, unknown>) {
    const filters = varianceFiltersOf(query, await this.siteConfig.timeZone());
    return this.variances.page(filters, pagingOf(query));
  }

  @Get('export')
  async export(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    const timeZone = await this.siteConfig.timeZone();
    const filters = varianceFiltersOf(query, timeZone);
    const time = siteTimeFormatter(timeZone);
    const formType = formTypeLabels();
    const h = (key: string) => translate(`ledger.audit.columns.${key}`);
    const columns: XlsxColumn<VarianceRow>[] = [
      { header: h('createtime'), value: (r) => time(r.createtime) },
      { header: h('order_no'), value: (r) => r.order_no },
      { header: h('form_type'), value: (r) => formType(r.form_type) },
      { header: h('product_no'), value: (r) => r.product_no },
      { header: h('product_name'), value: (r) => r.product_name },
      { header: h('shelf_location'), value: (r) => r.shelf_location },
      { header: h('lot_no'), value: (r) => r.lot_no },
      { header: h('variance'), value: (r) => r.quantity, type: 'number' },
      { header: h('price'), value: (r) => r.price, type: 'money' },
      { header: h('value'), value: (r) => r.value, type: 'money' },
      { header: h('reason'), value: (r) => reasonLabel(r.reason) },
      { header: h('operator'), value: (r) => r.operator },
    ];
    await sendSpreadsheet(response, query.format, 'count-adjustment-variances', h('variance_sheet'), columns, this.variances.scan(filters, EXPORT_PAGE_ROWS));
  }
}

/** A variance's reason in the reader's language: a count, or the adjustment lines' reasons. */
function reasonLabel(reason: string): string {
  if (reason === 'count') return translate('ledger.audit.reason_count');
  return reason
    .split(',')
    .filter(Boolean)
    .map((key) => translate(`stocktake.reason.${key}`))
    .join(', ');
}
