import { Injectable } from '@nestjs/common';
import { Response } from 'express';
import { parseId } from '../../../../shared/crud';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { DocumentRenderer } from '../../../../shared/documents/document-renderer';
import { AppError } from '../../../../shared/http/app-error';
import { AuthAdmin } from '../../../../shared/http/auth.decorators';
import { MasterDataReader } from '../../../master-data';
import { SiteConfigService } from '../../../platform';
import { printingContext, sendPdf } from '../printing';
import { StocktakeRepository } from '../../persistence/stocktake.repository';
import { countSheet } from './count-sheet';

/** `GET wms.Stocktake/print?id=&format=pdf`: the count sheet in the reader's language (a blind count shows no book). */
@Injectable()
export class CountSheetReader {
  constructor(
    private readonly stocktakes: StocktakeRepository,
    private readonly catalogue: MasterDataReader,
    private readonly siteConfig: SiteConfigService,
    private readonly transactions: TransactionRunner,
    private readonly renderer: DocumentRenderer,
  ) {}

  async execute(query: Record<string, unknown>, admin: AuthAdmin | undefined, response: Response): Promise<void> {
    if (query.format !== undefined && query.format !== 'pdf') throw new AppError('documents.unsupported_format');
    const id = parseId(query.id);
    const manager = this.transactions.manager;
    const stocktake = await this.stocktakes.present(manager, id);
    const [shelves, site, timeZone] = await Promise.all([this.catalogue.shelves(manager, stocktake.lines.map((l) => l.warehouse_shelf_id)), this.siteConfig.siteName(), this.siteConfig.timeZone()]);
    const model = countSheet(stocktake, { ...printingContext(site, timeZone, admin), shelves });
    await sendPdf(this.renderer, response, model, `${model.number}-count-sheet.pdf`);
  }
}
