/**
 * Warehouse → area → shelf: the remote selects of the three location catalogues and the cascading form
 * fields built on them (areas of the chosen warehouse, shelves of the chosen area; changing a level empties
 * the levels below). Used by the area, shelf and product pages; other pages may use them too.
 */
import type { CrudField, CrudRemote, CrudRuleSpec } from '@/components/crud';

export const WAREHOUSE_API = '/admin/wms.Warehouse';
export const AREA_API = '/admin/wms.WarehouseArea';
export const SHELF_API = '/admin/wms.Shelf';

/** `Name (CODE)`, or the name alone. */
export function codeLabel(row: { name?: unknown; serial_no?: unknown; id?: unknown }): string {
  const name = row.name === undefined || row.name === null || row.name === '' ? `#${String(row.id ?? '')}` : String(row.name);
  return row.serial_no ? `${name} (${String(row.serial_no)})` : name;
}

/** A list cell showing a joined row (`row.warehouse`, `row.area`, …) as `Name (CODE)`. */
export function refCell(relation: string) {
  return (_value: unknown, row: Record<string, any>): string => {
    const joined = row?.[relation];
    return joined && typeof joined === 'object' ? codeLabel(joined) : '-';
  };
}

export const WAREHOUSE_REMOTE: CrudRemote = { url: `${WAREHOUSE_API}/index`, labelField: codeLabel };
export const AREA_REMOTE: CrudRemote = { url: `${AREA_API}/index`, labelField: codeLabel };
export const SHELF_REMOTE: CrudRemote = { url: `${SHELF_API}/index`, labelField: codeLabel };

/** A chosen id, or null (references travel as ids; 0 means none). */
export function refValue(value: unknown): number | string | null {
  if (value === undefined || value === null || value === '' || value === 0 || value === '0') return null;
  return value as number | string;
}

/** Form value of a reference column: 0 / null show the placeholder. */
export const refToForm = (value: unknown) => refValue(value) ?? undefined;

/** Query of the area select: the areas of the chosen warehouse. */
export function areaParams(values: Record<string, any>): Record<string, unknown> {
  return { warehouse_id: refValue(values.warehouse_id) ?? '' };
}

/** Query of the shelf select: the shelves of the chosen area (and warehouse). */
export function shelfParams(values: Record<string, any>): Record<string, unknown> {
  return { warehouse_id: refValue(values.warehouse_id) ?? '', warehouse_area_id: refValue(values.warehouse_area_id) ?? '' };
}

/*
 * Search forms: lists name their location columns 'warehouse.name', 'area.name' and 'shelf.name' (the joined
 * names); the search values are keyed by those props and hold the chosen ids.
 */

/** Search form: the area select lists the areas of the warehouse chosen in the same form. */
export function areaSearchParams(search: Record<string, any>): Record<string, unknown> {
  return { warehouse_id: refValue(search['warehouse.name']) ?? '' };
}

/** Search form: the shelf select lists the shelves of the warehouse and area chosen in the same form. */
export function shelfSearchParams(search: Record<string, any>): Record<string, unknown> {
  return { warehouse_id: refValue(search['warehouse.name']) ?? '', warehouse_area_id: refValue(search['area.name']) ?? '' };
}

export interface LocationFieldOptions {
  /** language keys of the labels. */
  labels: { warehouse: string; area: string; shelf?: string };
  /** include the shelf level (products); a shelf's own form stops at the area. */
  withShelf: boolean;
  /** the levels are required (a shelf needs its warehouse and area) or optional (a product's default place). */
  required: boolean;
  /** help texts under the area and shelf selects (language keys). */
  tips?: { area?: string; shelf?: string };
}

/** The warehouse select; `clears` are the fields that depend on it. */
export function warehouseField(label: string, required: boolean, clears: string[] = []): CrudField {
  return {
    prop: 'warehouse_id',
    label,
    type: 'remoteSelect',
    remote: WAREHOUSE_REMOTE,
    rules: required ? ['required'] : [],
    toForm: refToForm,
    clearOnChange: clears,
  };
}

/**
 * The cascading location fields: warehouse_id, warehouse_area_id and (optionally) warehouse_shelf_id. A level
 * stays disabled until the one above is chosen, lists only the children of that choice, and is emptied when
 * the user changes the level above.
 */
export function locationFields(options: LocationFieldOptions): CrudField[] {
  const rules: CrudRuleSpec[] = options.required ? ['required'] : [];
  const fields: CrudField[] = [
    warehouseField(options.labels.warehouse, options.required, ['warehouse_area_id']),
    {
      prop: 'warehouse_area_id',
      label: options.labels.area,
      type: 'remoteSelect',
      remote: AREA_REMOTE,
      remoteParams: areaParams,
      rules,
      toForm: refToForm,
      disabled: (_mode, _row, values) => refValue(values?.warehouse_id) === null,
      tip: options.tips?.area,
      clearOnChange: options.withShelf ? ['warehouse_shelf_id'] : [],
    },
  ];
  if (options.withShelf) {
    fields.push({
      prop: 'warehouse_shelf_id',
      label: options.labels.shelf ?? '',
      type: 'remoteSelect',
      remote: SHELF_REMOTE,
      remoteParams: shelfParams,
      rules,
      toForm: refToForm,
      disabled: (_mode, _row, values) => refValue(values?.warehouse_area_id) === null,
      tip: options.tips?.shelf,
    });
  }
  return fields;
}
