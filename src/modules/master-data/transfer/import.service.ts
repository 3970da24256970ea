import { Injectable } from '@nestjs/common';
import { I18nService } from 'nestjs-i18n';
import { EntityManager, ObjectLiteral } from 'typeorm';
import { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { AppError, MessageArgs } from '../../../shared/http/app-error';
import { unixNow } from '../../../shared/http/envelope';
import { translate } from '../../../shared/http/translate';
import { BrandEntity } from '../persistence/brand.entity';
import { CategoryEntity } from '../persistence/category.entity';
import { ShelfEntity } from '../persistence/shelf.entity';
import { UnitEntity } from '../persistence/unit.entity';
import { WarehouseAreaEntity } from '../persistence/warehouse-area.entity';
import { WarehouseEntity } from '../persistence/warehouse.entity';
import { ProductEntity } from '../persistence/product.entity';
import { enumValue, ImportRow, isExampleRow, mapHeaders, RowProblem, validateRow } from './import-rows';
import { readSpreadsheet, SpreadsheetError } from './spreadsheet-reader';
import { CatalogueTransfer, ImportField, ImportSpec } from './transfer-definitions';

/** Rows of one file at most (the whole file is checked before anything is written). */
export const MAX_IMPORT_ROWS = 100_000;
const BATCH = 500;
const LOOKUP_CHUNK = 500;

/** One reported problem, translated: the file line, the column as headed, the reason. */
export interface ImportError {
  row: number;
  field: string;
  reason: string;
}

type Problems = RowProblem[];

/**
 * Imports a CSV or XLSX file into a catalogue: every row through the same form (DTO) as `add`, codes
 * unique within the file and against the database, references by code or name. Every problem of every row
 * is reported in one answer and nothing is written unless the whole file is valid; a valid file is
 * inserted in one transaction, in batches.
 */
@Injectable()
export class ImportService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly i18n: I18nService,
  ) {}

  /** The label of an i18n key in both languages (headers and enumeration labels are read in either). */
  private labels = (key: string): string[] => ['zh-cn', 'en'].map((lang) => this.i18n.translate(key, { lang }) as string).filter((text) => text !== key);

  async import(transfer: CatalogueTransfer, file: { buffer: Buffer; originalname: string } | undefined): Promise<{ count: number }> {
    const spec = transfer.import;
    if (!spec) throw new AppError('crud.parameter_error');
    if (!file?.buffer?.length) throw new AppError('transfer.no_file');
    let sheet;
    try {
      sheet = await readSpreadsheet(file.buffer, utf8(file.originalname ?? ''), MAX_IMPORT_ROWS);
    } catch (error) {
      if (error instanceof SpreadsheetError) throw new AppError(`transfer.file_${error.reason}`, { max: MAX_IMPORT_ROWS });
      throw error;
    }
    const { columns, missing, duplicated } = mapHeaders(sheet.header, spec.fields, this.labels);
    if (duplicated.length) throw new AppError('transfer.duplicate_column', { column: duplicated[0] });
    if (missing.length) throw new AppError('transfer.missing_column', { column: `@${missing[0].label}` });
    if (!sheet.rows.length) throw new AppError('transfer.file_empty');

    const problems: Problems = [];
    const rows: ImportRow[] = [];
    for (const sheetRow of sheet.rows) {
      const raw: Record<string, string> = {};
      for (const [index, field] of columns) raw[field.key] = (sheetRow.cells[index] ?? '').trim();
      if (isExampleRow(raw, spec.fields, this.labels)) continue; // the template's example, left in the file
      const input: Record<string, unknown> = {};
      for (const field of spec.fields) {
        const text = raw[field.key] ?? '';
        if (field.reference || text === '') continue; // empty cells are absent: the column defaults apply
        input[field.key] = field.enumeration ? enumValue(text, Object.keys(field.enumeration.labels).map(Number), (v) => this.labels(field.enumeration!.labels[v])) : text;
      }
      const { data, errors } = await validateRow(spec.dto, input);
      for (const error of errors) problems.push({ line: sheetRow.line, field: error.field, message: error.message, args: error.args });
      rows.push({ line: sheetRow.line, raw, data, valid: !errors.length });
    }
    if (!rows.length) throw new AppError('transfer.file_empty'); // nothing but the example

    const count = await this.transactions
      .run(async (manager) => {
        const checker = new ImportChecks(manager, spec, rows, problems);
        await checker.run();
        if (problems.length) throw new InvalidImport();
        return insertRows(manager, spec, rows);
      })
      .catch((error) => {
        if (error instanceof InvalidImport) throw this.invalid(spec, problems, rows.length);
        throw error;
      });
    return { count };
  }

  private invalid(spec: ImportSpec, problems: Problems, total: number): AppError {
    const order = new Map(spec.fields.map((field, index) => [field.key, index]));
    const sorted = [...problems].sort((a, b) => a.line - b.line || (order.get(a.field) ?? 99) - (order.get(b.field) ?? 99));
    const labelOf = (key: string) => {
      const field = spec.fields.find((f) => f.key === key);
      return translate(field?.label ?? `fields.${key}`);
    };
    const errors: ImportError[] = sorted.map((p) => ({ row: p.line, field: labelOf(p.field), reason: translate(p.message, p.args ?? {}) }));
    const badRows = new Set(problems.map((p) => p.line)).size;
    return new AppError('transfer.invalid_rows', { rows: badRows, total }, 0, { errors, invalid_rows: badRows, total_rows: total });
  }
}

class InvalidImport extends Error {}

function utf8(name: string): string {
  if (!/[\u0080-\u00ff]/.test(name) || ![...name].every((c) => c.charCodeAt(0) < 256)) return name;
  const decoded = Buffer.from(name, 'latin1').toString('utf8');
  return decoded.includes('\uFFFD') ? name : decoded;
}

const isSqlite = (manager: EntityManager) => manager.connection.options.type === 'better-sqlite3';
const hasSoftDelete = (manager: EntityManager, entity: Function | string) => !!manager.connection.getMetadata(entity).findColumnWithPropertyPath('deletetime');

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Live rows whose `column` is one of `values` (chunked), optionally a locking read (codes about to be inserted). */
async function liveWhereIn<T extends ObjectLiteral>(manager: EntityManager, entity: new () => T, column: string, values: Array<string | number>, lock = false, extra?: (qb: ReturnType<EntityManager['createQueryBuilder']>) => void): Promise<T[]> {
  const found: T[] = [];
  for (const part of chunks([...new Set(values)], LOOKUP_CHUNK)) {
    if (!part.length) continue;
    const qb = manager.createQueryBuilder(entity, 't').where(`t.${column} IN (:...values)`, { values: part });
    if (hasSoftDelete(manager, entity)) qb.andWhere('t.deletetime IS NULL');
    extra?.(qb as never);
    if (lock && !isSqlite(manager)) qb.setLock('pessimistic_write');
    found.push(...(await qb.getMany()));
  }
  return found;
}

/** The database and in-file checks of one import, adding to `problems`; references are written into `row.data`. */
class ImportChecks {
  constructor(
    private readonly manager: EntityManager,
    private readonly spec: ImportSpec,
    private readonly rows: ImportRow[],
    private readonly problems: Problems,
  ) {}

  private problem(row: ImportRow, field: string, message: string, args: MessageArgs = {}): void {
    this.problems.push({ line: row.line, field, message, args });
    row.valid = false;
  }

  async run(): Promise<void> {
    switch (this.spec.kind) {
      case 'brand':
      case 'unit':
      case 'partner':
        return this.uniqueCode('name', this.spec.entity as new () => ObjectLiteral);
      case 'warehouse':
        return this.uniqueCode('serial_no', WarehouseEntity);
      case 'category':
        return this.categories();
      case 'product':
        await this.uniqueCode('product_no', ProductEntity);
        await this.uniqueCode('bar_code', ProductEntity);
        return this.productReferences();
    }
  }

  /** `field` unique within the file (the first row keeps it) and among the live rows of the table. */
  private async uniqueCode(field: string, entity: new () => ObjectLiteral): Promise<void> {
    const first = new Map<string, ImportRow>();
    for (const row of this.rows) {
      const value = row.data[field];
      if (typeof value !== 'string' || value === '') continue;
      const earlier = first.get(value);
      if (earlier) this.problem(row, field, 'transfer.duplicate_in_file', { field: `@fields.${field}`, value, line: earlier.line });
      else first.set(value, row);
    }
    const taken = await liveWhereIn(this.manager, entity, field, [...first.keys()], true);
    const takenValues = new Set(taken.map((t) => String(t[field]).toLowerCase()));
    for (const [value, row] of first) if (takenValues.has(value.toLowerCase())) this.problem(row, field, 'transfer.exists', { field: `@fields.${field}`, value });
  }

  /**
   * Categories: `pid` is the parent's name, found among the live categories and the file's own rows
   * (exactly one match); (parent, name) unique within the file and the database; no cycles in the file.
   */
  private async categories(): Promise<void> {
    const parentNames = this.rows.map((row) => row.raw.pid ?? '').filter(Boolean);
    const existing = await liveWhereIn(this.manager, CategoryEntity, 'name', [...parentNames, ...this.rows.map((row) => String(row.data.name ?? ''))]);
    const fileByName = new Map<string, ImportRow[]>();
    for (const row of this.rows) if (typeof row.data.name === 'string') fileByName.set(row.data.name, [...(fileByName.get(row.data.name) ?? []), row]);
    const parentOf = new Map<ImportRow, ImportRow>();
    for (const row of this.rows) {
      const name = row.raw.pid ?? '';
      row.data.pid = 0;
      if (!name) continue;
      const inDb = existing.filter((c) => c.name === name);
      const inFile = fileByName.get(name) ?? [];
      if (inDb.length + inFile.length === 0) this.problem(row, 'pid', 'transfer.reference_missing', { field: '@fields.pid', value: name });
      else if (inDb.length + inFile.length > 1) this.problem(row, 'pid', 'transfer.reference_ambiguous', { field: '@fields.pid', value: name });
      else if (inDb.length) row.data.pid = inDb[0].id;
      else if (inFile[0] === row) this.problem(row, 'pid', 'master-data.category_parent_invalid');
      else parentOf.set(row, inFile[0]);
    }
    // cycles among the file's rows
    for (const row of parentOf.keys()) {
      const seen = new Set<ImportRow>([row]);
      for (let parent = parentOf.get(row); parent; parent = parentOf.get(parent)) {
        if (seen.has(parent)) {
          this.problem(row, 'pid', 'master-data.category_parent_invalid');
          break;
        }
        seen.add(parent);
      }
    }
    // the same name twice under the same parent
    const key = (row: ImportRow) => `${parentOf.has(row) ? `row:${parentOf.get(row)!.line}` : `id:${row.data.pid}`}|${row.data.name}`;
    const first = new Map<string, ImportRow>();
    for (const row of this.rows) {
      if (typeof row.data.name !== 'string') continue;
      const earlier = first.get(key(row));
      if (earlier) this.problem(row, 'name', 'transfer.duplicate_in_file', { field: '@fields.name', value: row.data.name, line: earlier.line });
      else first.set(key(row), row);
      if (!parentOf.has(row) && existing.some((c) => c.name === row.data.name && Number(c.pid) === Number(row.data.pid))) {
        this.problem(row, 'name', 'transfer.exists', { field: '@fields.name', value: row.data.name });
      }
    }
    (this.rows as Array<ImportRow & { parentRow?: ImportRow }>).forEach((row) => (row as { parentRow?: ImportRow }).parentRow = parentOf.get(row));
  }

  /** Brand, category and unit by name; warehouse by code or name; area and shelf by code or name inside the level above. */
  private async productReferences(): Promise<void> {
    const values = (key: string) => this.rows.map((row) => row.raw[key] ?? '').filter(Boolean);
    const byName = async (key: string, entity: new () => ObjectLiteral) => {
      const found = await liveWhereIn(this.manager, entity, 'name', values(key));
      for (const row of this.rows) {
        const text = row.raw[key] ?? '';
        if (!text) continue;
        const hits = found.filter((f) => f.name === text);
        this.assign(row, key, text, hits);
      }
    };
    await byName('brand_id', BrandEntity);
    await byName('category_id', CategoryEntity);
    await byName('unit_id', UnitEntity);

    const warehouses = [
      ...(await liveWhereIn(this.manager, WarehouseEntity, 'serial_no', values('warehouse_id'))),
      ...(await liveWhereIn(this.manager, WarehouseEntity, 'name', values('warehouse_id'))),
    ];
    for (const row of this.rows) {
      const text = row.raw.warehouse_id ?? '';
      if (text) this.assign(row, 'warehouse_id', text, codeOrName(warehouses, text));
    }
    const warehouseIds = this.rows.map((row) => Number(row.data.warehouse_id)).filter((id) => id > 0);
    const areas = await liveWhereIn(this.manager, WarehouseAreaEntity, 'warehouse_id', warehouseIds);
    for (const row of this.rows) {
      const text = row.raw.warehouse_area_id ?? '';
      if (!text) continue;
      if (!row.raw.warehouse_id) this.problem(row, 'warehouse_area_id', 'transfer.needs', { field: '@fields.warehouse_area_id', other: '@fields.warehouse_id' });
      else if (Number(row.data.warehouse_id) > 0) this.assign(row, 'warehouse_area_id', text, codeOrName(areas.filter((a) => a.warehouse_id === row.data.warehouse_id), text));
    }
    const areaIds = this.rows.map((row) => Number(row.data.warehouse_area_id)).filter((id) => id > 0);
    const shelves = await liveWhereIn(this.manager, ShelfEntity, 'warehouse_area_id', areaIds);
    for (const row of this.rows) {
      const text = row.raw.warehouse_shelf_id ?? '';
      if (!text) continue;
      if (!row.raw.warehouse_area_id) this.problem(row, 'warehouse_shelf_id', 'transfer.needs', { field: '@fields.warehouse_shelf_id', other: '@fields.warehouse_area_id' });
      else if (Number(row.data.warehouse_area_id) > 0) this.assign(row, 'warehouse_shelf_id', text, codeOrName(shelves.filter((s) => s.warehouse_area_id === row.data.warehouse_area_id), text));
    }
  }

  private assign(row: ImportRow, key: string, text: string, hits: ObjectLiteral[]): void {
    if (hits.length === 1) row.data[key] = Number(hits[0].id);
    else {
      row.data[key] = -1;
      this.problem(row, key, hits.length ? 'transfer.reference_ambiguous' : 'transfer.reference_missing', { field: `@fields.${key}`, value: text });
    }
  }
}

/** A code match wins over name matches (codes are unique; names need not be). */
function codeOrName(rows: ObjectLiteral[], text: string): ObjectLiteral[] {
  const unique = (list: ObjectLiteral[]) => [...new Map(list.map((r) => [r.id, r])).values()];
  const byCode = unique(rows.filter((r) => r.serial_no === text));
  return byCode.length ? byCode : unique(rows.filter((r) => r.name === text));
}

/** Inserts every row in batches; categories one by one, parents first, since children need their ids. */
async function insertRows(manager: EntityManager, spec: ImportSpec, rows: ImportRow[]): Promise<number> {
  const now = unixNow();
  const metadata = manager.connection.getMetadata(spec.entity);
  const has = (name: string) => !!metadata.findColumnWithPropertyPath(name);
  const stamp = (data: Record<string, unknown>) => {
    const row: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(data)) if (value !== undefined && has(key)) row[key] = value;
    if (has('createtime')) row.createtime = now;
    if (has('updatetime')) row.updatetime = now;
    if (spec.kind === 'product') row.images ??= '';
    return row;
  };
  const pk = metadata.primaryColumns[0].databaseName;
  const [{ max_id: before }] = await manager.query(`SELECT COALESCE(MAX(${manager.connection.driver.escape(pk)}), 0) AS max_id FROM ${manager.connection.driver.escape(metadata.tableName)}`);

  if (spec.kind === 'category') {
    const ids = new Map<ImportRow, number>();
    const pending = [...rows] as Array<ImportRow & { parentRow?: ImportRow }>;
    while (pending.length) {
      const ready = pending.filter((row) => !row.parentRow || ids.has(row.parentRow));
      for (const row of ready) {
        if (row.parentRow) row.data.pid = ids.get(row.parentRow);
        const result = await manager.insert(spec.entity, stamp(row.data) as QueryDeepPartialEntity<ObjectLiteral>);
        ids.set(row, Number(result.identifiers[0]?.id));
        pending.splice(pending.indexOf(row), 1);
      }
      if (!ready.length) throw new Error('category import: unresolved parents');
    }
  } else {
    for (const batch of chunks(rows, BATCH)) await manager.insert(spec.entity, batch.map((row) => stamp(row.data)) as QueryDeepPartialEntity<ObjectLiteral>[]);
  }
  // new rows without a weight sort first, as with `add` (BuildAdmin's weigh = id)
  if (has('weigh')) {
    await manager
      .createQueryBuilder()
      .update(spec.entity)
      .set({ weigh: () => manager.connection.driver.escape(pk) } as QueryDeepPartialEntity<ObjectLiteral>)
      .where(`${manager.connection.driver.escape(pk)} > :before AND weigh = 0`, { before: Number(before) })
      .execute();
  }
  return rows.length;
}

export type { ImportField };
