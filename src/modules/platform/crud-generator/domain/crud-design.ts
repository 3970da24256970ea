import { CRUD_FIELD_TYPES, CRUD_FORM_WIDGETS, CrudFieldDesign, GeneratorFieldType, GeneratorWidget } from '../../../../../contract/modules';
import { AppError } from '../../../../shared/http/app-error';

/**
 * A table design as the CRUD generator accepts it, checked strictly: every identifier that reaches a file
 * name, a class name, SQL or a URL is snake_case from a short alphabet and no reserved word, and every text
 * (titles, comments, option labels) is written into the generated code only as a JSON string literal.
 */
export interface CrudDesign {
  /** snake_case: `shipping_rate` */
  table: string;
  /** `ShippingRate` (classes, the controller segment `generated.ShippingRate`) */
  pascal: string;
  /** `shippingRate` (the menu rule `generated/shippingRate`, the page folder) */
  camel: string;
  /** `shipping-rate` (file names) */
  kebab: string;
  title: string;
  fields: CrudFieldDesign[];
  /** the table exists already (`from_table`): the migration adds the menu rule only, and remove never drops it */
  existing: boolean;
}

/** Tables a relation may point at, and the admin list each one's options come from. */
export const RELATION_TARGETS: Readonly<Record<string, { api: string; label: string }>> = {
  brand: { api: '/admin/wms.Brand', label: 'name' },
  unit: { api: '/admin/wms.Unit', label: 'name' },
  supplier: { api: '/admin/wms.Supplier', label: 'name' },
  customer: { api: '/admin/wms.Customer', label: 'name' },
  carrier: { api: '/admin/wms.Carrier', label: 'name' },
  warehouse: { api: '/admin/wms.Warehouse', label: 'name' },
  product: { api: '/admin/wms.Product', label: 'name' },
  admin: { api: '/admin/auth.Admin', label: 'username' },
  user: { api: '/admin/user.User', label: 'username' },
};

const IDENTIFIER = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
/** Columns every generated table has. */
export const AUTO_COLUMNS = ['id', 'createtime', 'updatetime'] as const;
const MAX_FIELDS = 40;

/**
 * Words refused as a table or field name: SQL keywords (MySQL and SQLite), JavaScript / TypeScript reserved
 * words, and names with a meaning in this code base.
 */
export const RESERVED_WORDS = new Set(
  (
    'add all alter analyze and as asc before between bigint binary blob both by call cascade case change char character check collate column ' +
    'condition constraint continue convert create cross current_date current_time current_timestamp current_user cursor database databases ' +
    'day_hour dec decimal declare default delayed delete desc describe distinct distinctrow div double drop dual each else elseif enclosed ' +
    'escaped exists exit explain false fetch float for force foreign from fulltext function generated get grant group having high_priority ' +
    'if ignore in index infile inner inout insert int integer interval into is iterate join key keys kill leading leave left like limit ' +
    'lines load localtime lock long loop low_priority match mod modifies natural not null numeric on optimize option or order out outer ' +
    'outfile partition precision primary procedure purge range read real references regexp release rename repeat replace require restrict ' +
    'return revoke right rlike row rows schema schemas select separator set show smallint spatial sql ssl starting stored straight_join ' +
    'table terminated then tinyint to trailing trigger true undo union unique unlock unsigned update usage use using values varchar ' +
    'varying virtual when where while with write xor zerofill abort autoincrement attach conflict deferrable deferred detach each exclusive ' +
    'fail glob immediate indexed initially instead isnull notnull offset plan pragma query raise recursive reindex savepoint temp temporary ' +
    'transaction vacuum view without ' +
    'await break catch class const debugger do enum export extends finally implements import instanceof interface let new package private ' +
    'protected public static super switch this throw try typeof var void yield any boolean constructor declare module namespace number ' +
    'object string symbol type undefined never unknown prototype __proto__ ' +
    'id createtime updatetime deletetime migrations cache_version generated crud module admin_rule'
  ).split(/\s+/),
);

export interface DesignInput {
  table?: unknown;
  title?: unknown;
  fields?: unknown;
}

/** Checks a design from the request; refuses with a translated message naming what is wrong. */
export function checkDesign(input: DesignInput, existing = false): CrudDesign {
  const table = identifier(input.table, 'table');
  const title = text(input.title, 'title', 50);
  if (!Array.isArray(input.fields) || !input.fields.length) throw new AppError('generator.fields_required');
  if (input.fields.length > MAX_FIELDS) throw new AppError('generator.too_many_fields', { max: MAX_FIELDS });
  const seen = new Set<string>();
  const fields = input.fields.map((raw, index) => {
    const field = checkField(raw, index, existing);
    if (seen.has(field.name)) throw new AppError('generator.field_duplicate', { name: field.name });
    seen.add(field.name);
    return field;
  });
  return { table, ...namesOf(table), title, fields, existing };
}

export function namesOf(table: string): { pascal: string; camel: string; kebab: string } {
  const parts = table.split('_');
  const pascal = parts.map((p) => p[0].toUpperCase() + p.slice(1)).join('');
  return { pascal, camel: pascal[0].toLowerCase() + pascal.slice(1), kebab: parts.join('-') };
}

function checkField(raw: unknown, index: number, existing: boolean): CrudFieldDesign {
  if (typeof raw !== 'object' || raw === null) throw new AppError('generator.field_invalid', { index: index + 1, what: 'field' });
  const f = raw as Record<string, unknown>;
  // a table read from the database keeps its column names, reserved words among them (they are quoted by TypeORM)
  const name = identifier(f.name, 'field', true);
  if ((AUTO_COLUMNS as readonly string[]).includes(name)) throw new AppError('generator.field_automatic', { name });
  if (!existing) identifier(name, 'field');
  if (typeof f.type !== 'string' || !(CRUD_FIELD_TYPES as readonly string[]).includes(f.type)) throw new AppError('generator.field_invalid', { index: index + 1, what: 'type' });
  const type = f.type as GeneratorFieldType;
  const form = (f.form === undefined ? defaultWidget(type) : f.form) as GeneratorWidget;
  if (!(CRUD_FORM_WIDGETS as readonly string[]).includes(form) || !widgetFits(type, form)) throw new AppError('generator.field_invalid', { index: index + 1, what: 'form' });
  const field: CrudFieldDesign = {
    name,
    type,
    comment: text(f.comment ?? name, 'comment', 50),
    form,
    list: bool(f.list, true),
    search: bool(f.search, false),
    required: bool(f.required, false),
  };
  if (type === 'relation') {
    const relation = f.relation as Record<string, unknown> | undefined;
    const target = typeof relation?.table === 'string' ? RELATION_TARGETS[relation.table] : undefined;
    if (!target || !relation) throw new AppError('generator.relation_unknown', { tables: Object.keys(RELATION_TARGETS).join(', ') });
    field.relation = { table: String(relation.table), label: target.label };
  }
  if (type === 'select') {
    const options = f.options as Record<string, unknown> | undefined;
    const entries = options && typeof options === 'object' ? Object.entries(options) : [];
    if (!entries.length || entries.length > 20 || !entries.every(([value, label]) => /^\d{1,3}$/.test(value) && Number(value) <= 127 && typeof label === 'string' && label.trim() && label.length <= 30)) {
      throw new AppError('generator.field_invalid', { index: index + 1, what: 'options' });
    }
    field.options = Object.fromEntries(entries.map(([value, label]) => [String(Number(value)), String(label).trim()]));
  }
  return field;
}

/** The widget a type gets when the design names none. */
export function defaultWidget(type: GeneratorFieldType): GeneratorWidget {
  return ({ string: 'input', text: 'textarea', int: 'number', decimal: 'number', switch: 'switch', datetime: 'datetime', select: 'select', image: 'image', relation: 'remoteSelect' } as const)[type];
}

function widgetFits(type: GeneratorFieldType, form: GeneratorWidget): boolean {
  if (form === 'none') return true;
  const fits: Record<GeneratorFieldType, GeneratorWidget[]> = {
    string: ['input', 'textarea'],
    text: ['textarea', 'input'],
    int: ['number'],
    decimal: ['number', 'input'],
    switch: ['switch'],
    datetime: ['datetime'],
    select: ['select'],
    image: ['image', 'input'],
    relation: ['remoteSelect'],
  };
  return fits[type].includes(form);
}

function identifier(value: unknown, what: 'table' | 'field', allowReserved = false): string {
  if (typeof value !== 'string' || value.length < 2 || value.length > 40 || !IDENTIFIER.test(value)) throw new AppError('generator.identifier_invalid', { what: `@generator.what.${what}`, name: String(value ?? '').slice(0, 40) });
  if (!allowReserved && RESERVED_WORDS.has(value)) throw new AppError('generator.identifier_reserved', { what: `@generator.what.${what}`, name: value });
  return value;
}

function text(value: unknown, what: string, max: number): string {
  if (typeof value !== 'string' || !value.trim() || value.length > max || /[\u0000-\u001f\u2028\u2029]/.test(value)) throw new AppError('generator.text_invalid', { what: `@generator.what.${what}`, max });
  return value.trim();
}

function bool(value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  return value === true || value === 1 || value === '1' || value === 'true';
}

/** A design from a table's stored columns (`from_table`): every column but the automatic ones, typed by its database type. */
export function designFromColumns(table: string, title: string, columns: ReadonlyArray<{ name: string; type: string; length: number | null; comment: string; primary: boolean }>): DesignInput {
  const fields = columns
    .filter((c) => !c.primary && !(AUTO_COLUMNS as readonly string[]).includes(c.name) && c.name !== 'deletetime' && IDENTIFIER.test(c.name) && c.name.length >= 2)
    .slice(0, MAX_FIELDS)
    .map((c) => {
      const type = typeOfColumn(c.type, c.name);
      return { name: c.name, type, comment: c.comment?.trim().slice(0, 50) || c.name, form: defaultWidget(type), list: type !== 'text', search: type === 'string', required: false };
    });
  return { table, title, fields };
}

function typeOfColumn(type: string, name: string): GeneratorFieldType {
  const t = type.toLowerCase();
  if (t.includes('text')) return 'text';
  if (t.includes('decimal') || t.includes('numeric')) return 'decimal';
  if (t.includes('tinyint') || t === 'boolean') return 'switch';
  if (t.includes('int')) return name.endsWith('time') ? 'datetime' : 'int';
  return 'string';
}
