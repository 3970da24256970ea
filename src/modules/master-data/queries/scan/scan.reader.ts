import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AppError } from '../../../../shared/http/app-error';
import { checkDigitValid, Gs1Data, Gs1Error, gtinSpellings, implicitGs1, looksLikeGs1, parseGs1, stripSymbologyIdentifier } from '../../domain/gs1';
import { ProductEntity } from '../../persistence/product.entity';
import { ProductUnitEntity } from '../../persistence/product-unit.entity';
import type { EnteredUnit } from '../../../../../contract/units';
import { ShelfEntity } from '../../persistence/shelf.entity';
import { MasterDataReader } from '../master-data/master-data.reader';

const PRODUCT_UNIT_TABLE = 'product_unit';

/** Longer than any bar code, product number or GS1 string a label carries. */
export const MAX_CODE_LENGTH = 200;

export interface ScannedProduct {
  kind: 'product';
  code: string;
  row: Record<string, unknown>;
  gtin?: string;
  lot_no?: string;
  expiry_date?: string;
  production_date?: string;
  /** A unit's bar code, or GS1 (02) + (37): the unit scanned (id 0: the product's own), how many of it, the base quantity. */
  unit?: EnteredUnit;
  unit_quantity?: number;
  quantity?: number;
}

export interface ScannedShelf {
  kind: 'shelf';
  code: string;
  row: Record<string, unknown>;
}

/**
 * `GET wms.Scan/resolve?code=[&warehouse_id=]`: what a scanned code names. In this order: a product whose
 * bar code or product number is the code; a GS1 element string whose GTIN is a product's bar code (as
 * GTIN-14, EAN-13, UPC-A or EAN-8), with its lot and dates — in parentheses, with GS separators, or as
 * scanners send it without any where none is needed (`01…17…10…`), behind a symbology identifier or not; a
 * bare GTIN-8/12/13/14; a shelf whose code it is (within `warehouse_id` when given). A string that is GS1
 * only by its digits (no identifier, parentheses or GS) and names no product may still be a shelf's code.
 * A unit's bar code (or its GTIN in (01)) answers its product with `unit`, `unit_quantity` 1 and `quantity` =
 * its factor; a GS1 string with (02) and (37) answers the product whose own bar code or unit's bar code is the
 * contained GTIN, with `unit_quantity` = the count and `quantity` = count × factor.
 * Deleted rows never match. A product's code in two statements, a GS1 string or a shelf code in three; a unit's
 * code in three, (02) + (37) in at most five.
 */
@Injectable()
export class ScanReader {
  constructor(private readonly reader: MasterDataReader) {}

  async execute(rawCode: unknown, warehouseId?: unknown): Promise<ScannedProduct | ScannedShelf> {
    const code = typeof rawCode === 'string' ? rawCode.replace(/^[\r\n]+|[\r\n]+$/g, '').trim() : '';
    if (!code) throw new AppError('documents.scan_empty');
    if (code.length > MAX_CODE_LENGTH) throw new AppError('documents.scan_too_long', { max: MAX_CODE_LENGTH });
    const manager = this.reader.manager;
    const { data, gs1: declared } = stripSymbologyIdentifier(code);

    // the product whose bar code or number the code is, or whose unit's bar code it is (codes are unique across both)
    const exact = await this.productWhere(manager, (qb) =>
      qb.where(`(p.bar_code = :code OR p.product_no = :code OR p.id = (SELECT u.product_id FROM ${PRODUCT_UNIT_TABLE} u WHERE u.bar_code = :code))`, { code: data }),
    );
    if (exact && (exact.bar_code === data || exact.product_no === data)) return this.product(manager, code, exact);
    // a unit's bar code (a case, a pallet): one of that unit
    const unit = exact ? await this.unitWhere(manager, [data]) : null;
    if (exact && unit) return this.unitScan(manager, code, unit, 1, undefined, exact);

    let gs1: Gs1Data | null = null;
    if (declared || looksLikeGs1(data)) {
      // a string that says it is GS1 and cannot be read answers why; anything else may still be a shelf
      try {
        gs1 = parseGs1(data);
      } catch (error) {
        if (declared || !(error instanceof Gs1Error) || /^\(\d{2,4}\)/.test(data)) throw error;
      }
    }
    // (02) + (37): a logistic unit holding `count` of the trade item (02) names: the product's own unit or one of its units
    if (gs1?.contained && !gs1.gtin) {
      const count = gs1.count ?? 1;
      const spellings = gtinSpellings(gs1.contained);
      const found = await this.productWhere(manager, (qb) => qb.where('p.bar_code IN (:...spellings)', { spellings }));
      if (found) return this.product(manager, code, found, gs1, count);
      const contained = await this.unitWhere(manager, spellings);
      if (contained) return this.unitScan(manager, code, contained, count, gs1);
    }
    const gtin = gs1?.gtin ?? (/^(\d{8}|\d{12,14})$/.test(data) && checkDigitValid(data) ? data : undefined);
    if (gtin) {
      const found = await this.productWhere(manager, (qb) => qb.where('p.bar_code IN (:...spellings)', { spellings: gtinSpellings(gtin) }));
      // the lot and dates of a GS1 string only when its GTIN named the product (not a bare GTIN that also reads as GS1)
      if (found) return this.product(manager, code, found, gs1?.gtin ? gs1 : { elements: [], gtin });
      // a case's own GTIN (01): one case
      const unitFound = await this.unitWhere(manager, gtinSpellings(gtin));
      if (unitFound) return this.unitScan(manager, code, unitFound, 1, gs1?.gtin ? gs1 : { elements: [], gtin });
    }
    if (gs1 && (declared || !implicitGs1(data))) throw new AppError('documents.unknown_code', { code: printable(code) });

    const shelves = manager.createQueryBuilder(ShelfEntity, 's').select(['s.id']).where('s.serial_no = :code', { code: data }).andWhere('s.deletetime IS NULL');
    const warehouse = Number(warehouseId);
    if (Number.isSafeInteger(warehouse) && warehouse > 0) shelves.andWhere('s.warehouse_id = :warehouse', { warehouse });
    const ids = (await shelves.orderBy('s.id').limit(6).getMany()).map((s) => s.id);
    if (!ids.length) throw new AppError('documents.unknown_code', { code: printable(code) });
    const snapshots = await this.reader.shelves(manager, ids);
    if (ids.length > 1) {
      throw new AppError('documents.ambiguous_shelf', { code: printable(code), shelves: ids.map((id) => snapshots.get(id)?.location).filter(Boolean).slice(0, 5).join('; ') });
    }
    const shelf = snapshots.get(ids[0])!;
    return {
      kind: 'shelf',
      code,
      row: {
        id: shelf.id,
        serial_no: shelf.serial_no,
        name: shelf.name,
        status: shelf.status,
        warehouse_id: shelf.warehouse_id,
        warehouse_area_id: shelf.warehouse_area_id,
        warehouse_name: shelf.warehouse_name,
        area_name: shelf.area_name,
        location: shelf.location,
      },
    };
  }

  /** The first live product the condition finds (lowest id), with its default place. */
  private productWhere(manager: EntityManager, where: (qb: ReturnType<EntityManager['createQueryBuilder']>) => unknown): Promise<ProductEntity | null> {
    const qb = manager.createQueryBuilder(ProductEntity, 'p').select(['p.id', 'p.bar_code', 'p.product_no', 'p.warehouse_id', 'p.warehouse_area_id', 'p.warehouse_shelf_id']);
    where(qb);
    return qb.andWhere('p.deletetime IS NULL').orderBy('p.id').limit(1).getOne();
  }

  /** The unit whose bar code is one of `codes`, of a live product (lowest id). */
  private async unitWhere(manager: EntityManager, codes: string[]): Promise<ProductUnitEntity | null> {
    return manager
      .createQueryBuilder(ProductUnitEntity, 'u')
      .innerJoin(ProductEntity, 'p', 'p.id = u.product_id AND p.deletetime IS NULL')
      .select(['u.id', 'u.product_id', 'u.name', 'u.factor', 'u.bar_code'])
      .where('u.bar_code IN (:...codes)', { codes })
      .orderBy('u.id')
      .limit(1)
      .getOne();
  }

  /** `count` of a unit: its product, the unit and the base quantity. */
  private async unitScan(manager: EntityManager, code: string, unit: ProductUnitEntity, count: number, gs1?: Gs1Data, product?: ProductEntity): Promise<ScannedProduct> {
    const found = product ?? (await this.productWhere(manager, (qb) => qb.where('p.id = :id', { id: unit.product_id })));
    const answer = await this.product(manager, code, found!, gs1);
    const factor = Number(unit.factor);
    return { ...answer, unit: { id: unit.id, name: unit.name, factor, bar_code: unit.bar_code }, unit_quantity: count, quantity: count * factor };
  }

  private async product(manager: EntityManager, code: string, found: ProductEntity, gs1?: Gs1Data, count?: number): Promise<ScannedProduct> {
    const { deleted: _deleted, ...product } = (await this.reader.products(manager, [found.id])).get(found.id)!;
    const answer: ScannedProduct = {
      kind: 'product',
      code,
      // the snapshot (codes, names, price, unit) as a select row has it, and the default place
      row: { ...product, unit: { name: product.unit_name }, warehouse_id: found.warehouse_id, warehouse_area_id: found.warehouse_area_id, warehouse_shelf_id: found.warehouse_shelf_id },
    };
    if (gs1?.gtin) answer.gtin = gs1.gtin;
    if (gs1?.lot) answer.lot_no = gs1.lot;
    if (gs1?.expiry) answer.expiry_date = gs1.expiry;
    if (gs1?.production) answer.production_date = gs1.production;
    // (02) naming the product itself: `count` of its own unit
    if (count !== undefined) Object.assign(answer, { unit: { id: 0, name: product.unit_name, factor: 1, bar_code: product.bar_code }, unit_quantity: count, quantity: count });
    return answer;
  }
}

/** The code as a message may quote it: separators shown, length bounded. */
function printable(code: string): string {
  const shown = code.replace(/\x1d/g, '<GS>').replace(/[\x00-\x1f\x7f]/g, '?');
  return shown.length > 60 ? `${shown.slice(0, 60)}…` : shown;
}
