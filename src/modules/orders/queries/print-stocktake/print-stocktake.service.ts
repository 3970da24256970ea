import { Injectable } from '@nestjs/common';
import { Response } from 'express';
import { I18nContext } from 'nestjs-i18n';
import { parseId } from '../../../../shared/crud';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { createPdf, finish, pipePdf } from '../../../../shared/documents/pdf';
import { A4, DOCUMENT_MARGIN, renderDocument } from '../../../../shared/documents/printed-document';
import { AppError } from '../../../../shared/http/app-error';
import { AuthAdmin } from '../../../../shared/http/auth.decorators';
import { unixNow } from '../../../../shared/http/envelope';
import { DEFAULT_LANGUAGE, translate } from '../../../../shared/http/translate';
import { siteTimeFormatter } from '../../../../shared/time/site-day';
import { MasterDataReader } from '../../../master-data';
import { SiteConfigService } from '../../../platform';
import { StocktakeRepository } from '../../persistence/stocktake.repository';
import { countSheet } from './count-sheet';

/** `GET wms.Stocktake/print?id=&format=pdf`: the count sheet in the reader's language (a blind count shows no book). */
@Injectable()
export class PrintStocktakeService {
  constructor(
    private readonly stocktakes: StocktakeRepository,
    private readonly catalogue: MasterDataReader,
    private readonly siteConfig: SiteConfigService,
    private readonly transactions: TransactionRunner,
  ) {}

  async execute(query: Record<string, unknown>, admin: AuthAdmin | undefined, response: Response): Promise<void> {
    if (query.format !== undefined && query.format !== 'pdf') throw new AppError('documents.unsupported_format');
    const id = parseId(query.id);
    const manager = this.transactions.manager;
    const stocktake = await this.stocktakes.present(manager, id);
    const [shelves, site, timeZone] = await Promise.all([this.catalogue.shelves(manager, stocktake.lines.map((l) => l.warehouse_shelf_id)), this.siteConfig.get('site_name'), this.siteConfig.timeZone()]);
    const i18n = I18nContext.current();
    const lang = i18n?.lang ?? DEFAULT_LANGUAGE;
    const model = countSheet(stocktake, {
      t: (key, args) => translate(key, args, i18n),
      time: siteTimeFormatter(timeZone),
      timeZone,
      site: typeof site === 'string' ? site : '',
      printedBy: admin?.nickname || admin?.username || '',
      printedAt: unixNow(),
      shelves,
    });
    const doc = createPdf({ title: `${model.title} ${model.number}`, size: A4, margin: DOCUMENT_MARGIN, bufferPages: true, lang: lang === 'zh-cn' ? 'zh-CN' : 'en' });
    renderDocument(doc, model);
    pipePdf(doc, response, `${model.number}-count-sheet.pdf`);
    await finish(doc, response);
  }
}
