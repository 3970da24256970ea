import { Injectable } from '@nestjs/common';
import { Response } from 'express';
import { parseId } from '../../../../shared/crud';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { DocumentRenderer } from '../../../../shared/documents/document-renderer';
import { AppError } from '../../../../shared/http/app-error';
import { AuthAdmin } from '../../../../shared/http/auth.decorators';
import { LotDatesReader } from '../../../inventory';
import { MasterDataReader } from '../../../master-data';
import { SiteConfigService } from '../../../platform';
import { printingContext, sendPdf } from '../printing';
import { shelfIdsOf } from '../../domain/order-state';
import { OrderKind } from '../../persistence/order-kinds';
import { OrderRepository } from '../../persistence/order.repository';
import { lotsOfLines } from '../../domain/order-lots';
import { documentOf, orderDocument } from './order-documents';

/** `GET print?id=&format=pdf[&doc=picking|delivery]`: an order as a PDF in the reader's language (with the dates of the lots its lines name or took). */
@Injectable()
export class OrderDocumentReader {
  constructor(
    private readonly orders: OrderRepository,
    private readonly catalogue: MasterDataReader,
    private readonly siteConfig: SiteConfigService,
    private readonly transactions: TransactionRunner,
    private readonly renderer: DocumentRenderer,
    private readonly lotDates: LotDatesReader,
  ) {}

  async execute(kind: OrderKind, query: Record<string, unknown>, admin: AuthAdmin | undefined, response: Response): Promise<void> {
    const document = documentOf(kind, query.doc);
    if (!document) throw new AppError('documents.unknown_document');
    if (query.format !== undefined && query.format !== 'pdf') throw new AppError('documents.unsupported_format');
    const id = parseId(query.id);
    const manager = this.transactions.manager;
    const order = await this.orders.present(manager, kind, id);
    const carrierId = 'carrier_id' in order ? order.carrier_id : 0;
    const [shelves, carriers, site, timeZone, lots] = await Promise.all([
      this.catalogue.shelves(manager, order.lines.flatMap(shelfIdsOf)),
      carrierId ? this.catalogue.parties(manager, 'carrier', [carrierId]) : new Map(),
      this.siteConfig.siteName(),
      this.siteConfig.timeZone(),
      kind === 'relocation' || kind === 'outbound' ? this.lotDates.of(manager, lotsOfLines(order.lines as Array<{ product_id: number; lot_no?: string; allocations?: unknown }>)) : new Map(),
    ]);
    const printed = { ...order, carrier: carrierId ? (carriers.get(carrierId) ?? null) : undefined };
    const model = orderDocument(kind, document, printed, { ...printingContext(site, timeZone, admin), shelves, lots });
    await sendPdf(this.renderer, response, model, `${model.number}-${document}.pdf`);
  }
}
