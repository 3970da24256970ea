import { Injectable } from '@nestjs/common';
import { Response } from 'express';
import { parseId } from '../../../../shared/crud';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { DocumentRenderer } from '../../../../shared/documents/document-renderer';
import { AppError } from '../../../../shared/http/app-error';
import { AuthAdmin } from '../../../../shared/http/auth.decorators';
import { MASTER_DATA_TABLES, MasterDataReader } from '../../../master-data';
import { SiteConfigService } from '../../../platform';
import { WaveRepository } from '../../persistence/wave.repository';
import { printingContext, sendPdf } from '../printing';
import { waveSheet } from './wave-sheet';

/** `GET wms.Wave/print?id=&format=pdf`: the wave's pick sheet in the reader's language (the picking list's renderer). */
@Injectable()
export class WaveSheetReader {
  constructor(
    private readonly waves: WaveRepository,
    private readonly catalogue: MasterDataReader,
    private readonly siteConfig: SiteConfigService,
    private readonly transactions: TransactionRunner,
    private readonly renderer: DocumentRenderer,
  ) {}

  async execute(query: Record<string, unknown>, admin: AuthAdmin | undefined, response: Response): Promise<void> {
    if (query.format !== undefined && query.format !== 'pdf') throw new AppError('documents.unsupported_format');
    const manager = this.transactions.manager;
    const wave = await this.waves.present(manager, parseId(query.id));
    const [[warehouse], customers, site, timeZone] = await Promise.all([
      manager.query(`SELECT name FROM ${MASTER_DATA_TABLES.warehouse} WHERE id = ?`, [wave.warehouse_id]) as Promise<Array<{ name: string }>>,
      this.catalogue.parties(manager, 'customer', wave.orders.map((o) => o.customer_id)),
      this.siteConfig.get('site_name'),
      this.siteConfig.timeZone(),
    ]);
    const model = waveSheet(wave, { warehouse: String(warehouse?.name ?? ''), customers: new Map([...customers].map(([id, p]) => [id, p.name])) }, printingContext(site, timeZone, admin));
    await sendPdf(this.renderer, response, model, `${model.number}-pick-sheet.pdf`);
  }
}
