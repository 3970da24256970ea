import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { BrandEntity } from '../../persistence/brand.entity';
import { CategoryEntity } from '../../persistence/category.entity';
import { CarrierEntity, CustomerEntity, SupplierEntity } from '../../persistence/partner.entity';
import { ProductEntity } from '../../persistence/product.entity';
import { ShelfEntity } from '../../persistence/shelf.entity';
import { UnitEntity } from '../../persistence/unit.entity';
import { WarehouseAreaEntity } from '../../persistence/warehouse-area.entity';
import { WarehouseEntity } from '../../persistence/warehouse.entity';
import { ProductUnitEntity } from '../../persistence/product-unit.entity';
import type { ProductUnitRow } from '../../../../../contract/units';

/** A product as order lines and ledger entries need it: its codes and the names it refers to. */
export interface ProductSnapshot {
  id: number;
  product_no: string;
  bar_code: string | null;
  name: string;
  spec: string;
  /** "12.50" */
  price: string;
  status: number;
  safety_stock_num: number;
  total_stock_num: number;
  brand_id: number;
  brand_name: string;
  category_id: number;
  category_name: string;
  unit_id: number;
  unit_name: string;
  /** Shelf life in days (0: none). */
  effective_day: number;
  /** Stock kept per lot. */
  lot_tracked: boolean;
  /** Every unit carries a serial number. */
  serial_tracked: boolean;
  /** Soft-deleted: old documents still show it; new ones must not use it. */
  deleted: boolean;
}

/** A unit of measure of a product: `factor` of the product's own unit. */
export type ProductUnitSnapshot = ProductUnitRow;

/** A shelf with the names of its warehouse and area. */
export interface ShelfSnapshot {
  id: number;
  serial_no: string;
  name: string;
  status: number;
  /** 0 storage, 1 receiving, 2 staging, 3 hold. */
  kind: number;
  warehouse_id: number;
  warehouse_name: string;
  warehouse_serial_no: string;
  warehouse_area_id: number;
  area_name: string;
  area_serial_no: string;
  /** "Main warehouse / Area A / Shelf 01": the location text of the inventory history. */
  location: string;
  deleted: boolean;
}

/** The product and shelf of a stock movement, as the ledger keeps them (names as they were at the time). */
export interface StockSnapshotFields {
  product_id: number;
  product_name: string;
  product_no: string;
  spec: string;
  /** The unit's name. */
  unit: string;
  warehouse_id: number;
  warehouse_name: string;
  warehouse_area_id: number;
  area_name: string;
  warehouse_shelf_id: number;
  shelf_name: string;
  shelf_serial_no: string;
}

/** A supplier, customer or carrier. */
export interface PartySnapshot {
  id: number;
  name: string;
  deleted: boolean;
}

export type Party = 'supplier' | 'customer' | 'carrier';
const PARTY_ENTITIES = { supplier: SupplierEntity, customer: CustomerEntity, carrier: CarrierEntity } as const;

/**
 * Read access to master data for the other contexts: rows by ids with the names they refer to, one statement
 * per call, soft-deleted rows included (flagged `deleted`). Every method reads through the given manager (the
 * caller's transaction, or `reader.manager` outside one).
 */
@Injectable()
export class MasterDataReader {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The manager for reads outside a transaction. */
  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  async products(manager: EntityManager, ids: Iterable<number>): Promise<Map<number, ProductSnapshot>> {
    const wanted = uniqueIds(ids);
    const found = new Map<number, ProductSnapshot>();
    if (!wanted.length) return found;
    const rows = await manager
      .createQueryBuilder(ProductEntity, 'p')
      .leftJoin(BrandEntity, 'b', 'b.id = p.brand_id')
      .leftJoin(CategoryEntity, 'c', 'c.id = p.category_id')
      .leftJoin(UnitEntity, 'u', 'u.id = p.unit_id')
      .select(['p.id', 'p.product_no', 'p.bar_code', 'p.name', 'p.spec', 'p.price', 'p.status', 'p.safety_stock_num', 'p.total_stock_num', 'p.brand_id', 'p.category_id', 'p.unit_id', 'p.effective_day', 'p.lot_tracked', 'p.serial_tracked', 'p.deletetime'])
      .addSelect('b.name', 'brand_name')
      .addSelect('c.name', 'category_name')
      .addSelect('u.name', 'unit_name')
      .where('p.id IN (:...ids)', { ids: wanted })
      .getRawAndEntities();
    rows.entities.forEach((product, index) => {
      const raw = rows.raw[index] as Record<string, unknown>;
      found.set(product.id, {
        id: product.id,
        product_no: product.product_no,
        bar_code: product.bar_code,
        name: product.name,
        spec: product.spec,
        price: product.price,
        status: product.status,
        safety_stock_num: product.safety_stock_num,
        total_stock_num: product.total_stock_num,
        brand_id: product.brand_id,
        brand_name: text(raw.brand_name),
        category_id: product.category_id,
        category_name: text(raw.category_name),
        unit_id: product.unit_id,
        unit_name: text(raw.unit_name),
        effective_day: Number(product.effective_day) || 0,
        lot_tracked: Number(product.lot_tracked) === 1,
        serial_tracked: Number(product.serial_tracked) === 1,
        deleted: product.deletetime !== null,
      });
    });
    return found;
  }

  /** Units of measure by id (`product_unit`; units are deleted for real, so an absent id names none). */
  async units(manager: EntityManager, ids: Iterable<number>): Promise<Map<number, ProductUnitSnapshot>> {
    const wanted = uniqueIds(ids);
    const found = new Map<number, ProductUnitSnapshot>();
    if (!wanted.length) return found;
    const rows = await manager.createQueryBuilder(ProductUnitEntity, 'u').select(['u.id', 'u.product_id', 'u.name', 'u.factor', 'u.bar_code']).where('u.id IN (:...ids)', { ids: wanted }).getMany();
    for (const u of rows) found.set(u.id, { id: u.id, product_id: Number(u.product_id), name: u.name, factor: Number(u.factor), bar_code: u.bar_code });
    return found;
  }

  async shelves(manager: EntityManager, ids: Iterable<number>): Promise<Map<number, ShelfSnapshot>> {
    const wanted = uniqueIds(ids);
    const found = new Map<number, ShelfSnapshot>();
    if (!wanted.length) return found;
    const rows = await manager
      .createQueryBuilder(ShelfEntity, 's')
      .leftJoin(WarehouseEntity, 'w', 'w.id = s.warehouse_id')
      .leftJoin(WarehouseAreaEntity, 'a', 'a.id = s.warehouse_area_id')
      .select(['s.id', 's.serial_no', 's.name', 's.status', 's.kind', 's.warehouse_id', 's.warehouse_area_id', 's.deletetime'])
      .addSelect('w.name', 'warehouse_name')
      .addSelect('w.serial_no', 'warehouse_serial_no')
      .addSelect('a.name', 'area_name')
      .addSelect('a.serial_no', 'area_serial_no')
      .where('s.id IN (:...ids)', { ids: wanted })
      .getRawAndEntities();
    rows.entities.forEach((shelf, index) => {
      const raw = rows.raw[index] as Record<string, unknown>;
      const [warehouseName, areaName] = [text(raw.warehouse_name), text(raw.area_name)];
      found.set(shelf.id, {
        id: shelf.id,
        serial_no: shelf.serial_no,
        name: shelf.name,
        status: shelf.status,
        kind: Number(shelf.kind) || 0,
        warehouse_id: shelf.warehouse_id,
        warehouse_name: warehouseName,
        warehouse_serial_no: text(raw.warehouse_serial_no),
        warehouse_area_id: shelf.warehouse_area_id,
        area_name: areaName,
        area_serial_no: text(raw.area_serial_no),
        location: [warehouseName, areaName, shelf.name].filter(Boolean).join(' / '),
        deleted: shelf.deletetime !== null,
      });
    });
    return found;
  }

  async parties(manager: EntityManager, party: Party, ids: Iterable<number>): Promise<Map<number, PartySnapshot>> {
    const wanted = uniqueIds(ids);
    const found = new Map<number, PartySnapshot>();
    if (!wanted.length) return found;
    const rows = await manager
      .createQueryBuilder(PARTY_ENTITIES[party], 't')
      .select(['t.id', 't.name', 't.deletetime'])
      .where('t.id IN (:...ids)', { ids: wanted })
      .getMany();
    for (const row of rows) found.set(row.id, { id: row.id, name: row.name, deleted: row.deletetime !== null });
    return found;
  }

  /** Where a customer's goods go (a carton label's ship-to): name, contact, mobile, city and address; null when unknown. */
  async shipTo(manager: EntityManager, customerId: number): Promise<{ name: string; contact_person: string; mobile: string; city: string; address: string } | null> {
    if (!customerId) return null;
    const row = await manager
      .createQueryBuilder(CustomerEntity, 't')
      .select(['t.id', 't.name', 't.contact_person', 't.mobile', 't.city', 't.address'])
      .where('t.id = :id', { id: customerId })
      .getOne();
    return row ? { name: row.name, contact_person: row.contact_person, mobile: row.mobile, city: row.city, address: row.address } : null;
  }

  /**
   * What a stock movement of each (product, shelf) pair records about them, keyed `${productId}:${shelfId}`:
   * two statements whatever the number of pairs. Pairs whose product or shelf does not exist or is deleted
   * are left out (stock never moves for them).
   */
  async stockSnapshots(manager: EntityManager, pairs: Iterable<{ productId: number; shelfId: number }>, known: KnownMasterData = {}): Promise<Map<string, StockSnapshotFields>> {
    const list = [...pairs];
    const products = await this.readMissing(known.products, list.map((pair) => Number(pair.productId)), (ids) => this.products(manager, ids));
    const shelves = await this.readMissing(known.shelves, list.map((pair) => Number(pair.shelfId)), (ids) => this.shelves(manager, ids));
    const found = new Map<string, StockSnapshotFields>();
    for (const { productId, shelfId } of list) {
      const [product, shelf] = [products.get(Number(productId)), shelves.get(Number(shelfId))];
      if (!product || !shelf || product.deleted || shelf.deleted) continue;
      found.set(`${productId}:${shelfId}`, {
        product_id: product.id,
        product_name: product.name,
        product_no: product.product_no,
        spec: product.spec,
        unit: product.unit_name,
        warehouse_id: shelf.warehouse_id,
        warehouse_name: shelf.warehouse_name,
        warehouse_area_id: shelf.warehouse_area_id,
        area_name: shelf.area_name,
        warehouse_shelf_id: shelf.id,
        shelf_name: shelf.name,
        shelf_serial_no: shelf.serial_no,
      });
    }
    return found;
  }

  /** `known` when it holds every id, else the rows read (what a caller read in the same transaction is what a read would answer). */
  private async readMissing<T>(known: Map<number, T> | undefined, ids: number[], read: (ids: number[]) => Promise<Map<number, T>>): Promise<Map<number, T>> {
    return known && ids.every((id) => known.has(id)) ? known : read(ids);
  }
}

/** Products and shelves a caller has read already in its transaction (the ledger then reads them no second time). */
export interface KnownMasterData {
  products?: Map<number, ProductSnapshot>;
  shelves?: Map<number, ShelfSnapshot>;
}

function uniqueIds(ids: Iterable<number>): number[] {
  return [...new Set([...ids].map(Number))].filter((id) => Number.isSafeInteger(id) && id > 0);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
