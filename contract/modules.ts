/** Module management and the CRUD generator: the shapes both sides read. */

/** One row of `GET /admin/module.Module/index`. */
export interface ModuleView {
  name: string;
  /** translated */
  title: string;
  version: string;
  /** 1 enabled, 0 disabled */
  state: 0 | 1;
  /** 1 core (always on), 0 optional */
  core: 0 | 1;
  /** `builtin`: part of this build; `package`: installed from a signed package (its manifest only) */
  source: 'builtin' | 'package';
  /** route prefixes answered 404 while disabled */
  routes: readonly string[];
  /** menu rule names hidden while disabled */
  menus: readonly string[];
  /** scheduled jobs stopped while disabled */
  jobs: readonly string[];
  migrations: readonly string[];
  installtime: number | null;
}

/** Field types the CRUD generator knows, and the column each becomes. */
export const CRUD_FIELD_TYPES = ['string', 'text', 'int', 'decimal', 'switch', 'datetime', 'select', 'image', 'relation'] as const;
export type GeneratorFieldType = (typeof CRUD_FIELD_TYPES)[number];

/** Form widgets the generated page may use for a field. */
export const CRUD_FORM_WIDGETS = ['input', 'textarea', 'number', 'switch', 'datetime', 'select', 'image', 'remoteSelect', 'none'] as const;
export type GeneratorWidget = (typeof CRUD_FORM_WIDGETS)[number];

/** One field of a generated table. */
export interface CrudFieldDesign {
  /** snake_case column name */
  name: string;
  type: GeneratorFieldType;
  /** the column's label (both languages take it; the English file gets it as written) */
  comment: string;
  form: GeneratorWidget;
  /** shown as a list column */
  list: boolean;
  /** searchable (and in the quick search for text fields) */
  search: boolean;
  required: boolean;
  /** `relation` fields: the table they point at (an existing CRUD table) and the column shown */
  relation?: { table: string; label: string };
  /** `select` fields: value → label */
  options?: Record<string, string>;
}

/** A file the generator wrote (or would write). */
export interface CrudWrittenFile {
  /** relative to the project root */
  path: string;
  /** `add`: a new file; `change`: an existing one (the generated index, the menu list) */
  change: 'add' | 'change';
  /** a unified diff of the change (a new file: every line added) */
  diff: string;
}

/** One row of `GET /admin/crud.Crud/index`. */
export interface CrudGenerationView {
  id: number;
  table_name: string;
  title: string;
  /** 1 written, 0 removed */
  status: 0 | 1;
  files: string[];
  createtime: number;
}
