import { Injectable } from '@nestjs/common';
import { Response } from 'express';
import { I18nContext } from 'nestjs-i18n';
import { parseId } from '../../../../shared/crud';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { DocumentRenderer } from '../../../../shared/documents/document-renderer';
import { LabelContent } from '../../../../shared/documents/labels';
import { AppError } from '../../../../shared/http/app-error';
import { DEFAULT_LANGUAGE, translate } from '../../../../shared/http/translate';
import { MasterDataReader } from '../../../master-data';
import type { PackageView } from '../../../../../contract/directed';
import { OrderRuleError } from '../../domain/order-errors';
import { ssccElementString } from '../../domain/sscc';
import { PackageRepository } from '../../persistence/package.repository';

type Translate = (key: string, args?: Record<string, string | number>) => string;

/**
 * A package's label as the label renderer draws it: the SSCC as GS1-128 `(00)…` with the element string in
 * clear, the ship-to (customer, contact, address), the order number and "carton i of n".
 */
export function packageLabel(pack: Pick<PackageView, 'sscc' | 'type' | 'number' | 'count'>, order: { outbound_no: string }, shipTo: { name: string; contact_person: string; mobile: string; city: string; address: string } | null, t: Translate): LabelContent {
  return {
    value: ssccElementString(pack.sscc),
    linear: 'gs1-128',
    title: shipTo?.name || '-',
    lines: [
      [shipTo?.city, shipTo?.address].filter(Boolean).join(' '),
      [shipTo?.contact_person, shipTo?.mobile].filter(Boolean).join(' '),
      t('orders.package_label.order', { order: order.outbound_no }),
      t(`orders.package_label.of_${pack.type === 2 ? 'pallet' : 'carton'}`, { number: pack.number, count: pack.count }),
    ].filter(Boolean),
  };
}

/** `GET wms.Package/label?id=&format=pdf|png`: one label, 60 × 40 mm (a label printer's roll), or its PNG at 300 dpi. */
@Injectable()
export class PackageLabelReader {
  constructor(
    private readonly packages: PackageRepository,
    private readonly catalogue: MasterDataReader,
    private readonly transactions: TransactionRunner,
    private readonly renderer: DocumentRenderer,
  ) {}

  async execute(query: Record<string, unknown>, response: Response): Promise<void> {
    const format = query.format === undefined || query.format === '' ? 'pdf' : query.format;
    if (format !== 'pdf' && format !== 'png') throw new AppError('documents.label_format');
    const manager = this.transactions.manager;
    const pack = await this.packages.present(manager, parseId(query.id));
    if (!pack.number) throw new OrderRuleError('package_empty', { sscc: pack.sscc });
    const [order] = await manager.query('SELECT outbound_no, customer_id FROM outbound_order WHERE id = ?', [pack.outbound_id]);
    const shipTo = await this.catalogue.shipTo(manager, Number(order?.customer_id ?? 0));
    const i18n = I18nContext.current();
    const t: Translate = (key, args) => translate(key, args ?? {}, i18n);
    const label = packageLabel(pack, { outbound_no: String(order?.outbound_no ?? '') }, shipTo, t);
    const qrOnly = t('documents.label_qr_only');
    async function* one(): AsyncIterable<LabelContent[]> {
      yield [label];
    }
    if (format === 'png') return this.renderer.sendLabelPngs(response, pack.sscc, qrOnly, one(), 1);
    const lang = (i18n?.lang ?? DEFAULT_LANGUAGE) === 'zh-cn' ? 'zh-CN' : 'en';
    return this.renderer.sendLabelPdf(response, `${pack.sscc}.pdf`, { title: t('orders.package_label.title'), lang, layout: 'roll', qrOnly }, one());
  }
}
