import type { EnteredUnit } from './units';

/**
 * Master data as the order forms and filters pick it: a row of a remote select (`wms.Product/index`,
 * `wms.Shelf/index` with `select=true`), and what a scanned code names (`wms.Scan/resolve`).
 */

/** A product as a select row (and a scanned product) shows it. */
export interface ProductPick {
  id: number;
  name: string;
  product_no: string;
  spec?: string;
  /** Money: two decimals. */
  price?: string;
  unit?: { name: string } | null;
  unit_name?: string;
  /** On hand over every shelf, and the level below which stock is low (0: none). */
  total_stock_num?: number;
  safety_stock_num?: number;
  /** 1 (or true): stock kept per lot. */
  lot_tracked?: number | boolean;
  /** 1 (or true): every unit carries a serial number (§14). */
  serial_tracked?: number | boolean;
  /** Shelf life in days (0: none). */
  effective_day?: number;
  /** The product's default place. */
  warehouse_id?: number;
  warehouse_area_id?: number;
  warehouse_shelf_id?: number;
}

/** A shelf as a select row (and a scanned shelf) shows it. */
export interface ShelfPick {
  id: number;
  name: string;
  serial_no?: string;
  warehouse_id: number;
  warehouse_area_id?: number;
  warehouse?: { name: string } | null;
  area?: { name: string } | null;
  /** "warehouse / area / shelf" (a scanned shelf). */
  location?: string;
}

/** An area as a select row shows it. */
export interface AreaPick {
  id: number;
  name: string;
  warehouse_id: number;
  warehouse?: { name: string } | null;
}

/** `GET wms.Scan/resolve?code=[&warehouse_id=]`: a product (with the lot and dates a GS1 code carries), or a shelf. */
export type ScanAnswer =
  | {
      kind: 'product';
      code: string;
      row: ProductPick;
      gtin?: string;
      lot_no?: string;
      expiry_date?: string;
      production_date?: string;
      /** A unit bar code, or a GS1 string with (02) and (37): the unit scanned, how many of it, and the base quantity. */
      unit?: EnteredUnit;
      unit_quantity?: number;
      quantity?: number;
    }
  | { kind: 'shelf'; code: string; row: ShelfPick };
