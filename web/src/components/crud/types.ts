import type { ReactNode } from 'react';

/** Search operators understood by the generic CRUD controller (docs/API.md). */
export type CrudOperator =
  | '='
  | '<>'
  | '>'
  | '>='
  | '<'
  | '<='
  | 'LIKE'
  | 'NOT LIKE'
  | 'IN'
  | 'NOT IN'
  | 'RANGE'
  | 'NOT RANGE'
  | 'NULL'
  | 'NOT NULL'
  | 'FIND_IN_SET';

/** How a cell is drawn. */
export type CrudRender =
  | 'text'
  | 'tag'
  | 'tags'
  | 'switch'
  | 'image'
  | 'images'
  | 'datetime'
  | 'date'
  | 'icon'
  | 'url'
  | 'color';

/** One enumeration value. `label` is a language key (translated) or plain text. */
export interface CrudOption {
  value: string | number;
  label: string;
  /** Arco tag colour for `render: 'tag'`. */
  color?: string;
}

/** Remote select definition (search form or edit form). */
export interface CrudRemote {
  /** e.g. '/admin/auth.Group/index' */
  url: string;
  /** field used as the label (default: name, then title, then label). */
  labelField?: string | ((row: any) => string);
  /** field used as the value (default 'id'), also sent as initKey. */
  valueField?: string;
  multiple?: boolean;
  /** extra query parameters sent with every request. */
  params?: Record<string, unknown>;
}

export interface CrudColumn<Row = any> {
  /** field name; a dot path reads a nested relation (`brand.name`). */
  prop: string;
  /** language key (or plain text) of the header. */
  label: string;
  render?: CrudRender;
  /** enum values for tag/switch cells and '=' searches. */
  options?: CrudOption[];
  width?: number;
  /** layout width when no `width` is given (default 140); columns stretch to fill a wider page. */
  minWidth?: number;
  align?: 'left' | 'center' | 'right';
  fixed?: 'left' | 'right';
  ellipsis?: boolean;
  /** remote sorting on this column. */
  sortable?: boolean;
  /** search operator; false = not in the search form. Default: derived from render/options. */
  operator?: CrudOperator | false;
  /** field name sent in `search[i][field]` (default: prop). */
  searchField?: string;
  /** remote select in the search form (operator '=' or 'IN'). */
  searchRemote?: CrudRemote;
  /**
   * extra query parameters of the search form's remote select, read from the other search values (keyed by
   * column prop), e.g. the areas of the warehouse chosen in the same form; the select reloads when they change.
   */
  searchRemoteParams?: (searchValues: Record<string, any>) => Record<string, unknown>;
  /** search values (column props) emptied when the user changes this one: cascading search selects. */
  searchClearOnChange?: string[];
  /** placeholder of the search input (language key). */
  searchPlaceholder?: string;
  /** hidden at first (can be shown from the column menu). */
  hidden?: boolean;
  /** false: not rendered in the table at all (only in the search form). */
  inTable?: boolean;
  /** `render: 'switch'` cells post `edit {pk, prop: value}` when toggled (needs the edit node). */
  switchEditable?: boolean;
  /** custom cell; receives the raw value. */
  cell?: (value: any, row: Row, index: number) => ReactNode;
  /** for `render: 'tags'` with an array of texts: do not translate. */
  translate?: boolean;
}

export type CrudFieldType =
  | 'input'
  | 'textarea'
  | 'number'
  | 'password'
  | 'switch'
  | 'radio'
  | 'select'
  | 'remoteSelect'
  | 'treeSelect'
  | 'iconSelect'
  | 'date'
  | 'datetime'
  | 'custom';

/**
 * `money`: an amount ≥ 0 with at most two decimals (prices). `editor`: a required rich-text body (empty markup
 * such as `<p><br></p>` counts as empty). `name`: a variable-style name.
 */
export type CrudRuleName = 'required' | 'editor' | 'account' | 'password' | 'email' | 'mobile' | 'number' | 'integer' | 'url' | 'money' | 'name';

export interface CrudCustomRule {
  /** returns true when the value is valid. */
  test: (value: any, values: Record<string, any>) => boolean;
  /** language key of the message. */
  message: string;
  /** arguments of the message besides `{field}` (e.g. `{max: 100}` for crud.validate.maxLength). */
  args?: Record<string, string | number>;
}

export type CrudRuleSpec = CrudRuleName | CrudCustomRule;

export type CrudFormMode = 'add' | 'edit';

export interface CrudFieldContext {
  value: any;
  onChange: (value: any) => void;
  mode: CrudFormMode;
  values: Record<string, any>;
}

export interface CrudField {
  prop: string;
  /** language key (or plain text). */
  label: string;
  type: CrudFieldType;
  rules?: CrudRuleSpec[] | ((mode: CrudFormMode) => CrudRuleSpec[]);
  options?: CrudOption[];
  remote?: CrudRemote;
  /** static tree for treeSelect: nodes with value/label keys given by remote.valueField/labelField, children. */
  treeData?: any[];
  /** treeSelect: add a top-level choice with this value (e.g. 0) labelled crud.topLevel. */
  rootValue?: string | number;
  placeholder?: string;
  /** help text under the control (language key); `row` is the record being edited (null when adding). */
  tip?: string | ((mode: CrudFormMode, row: Record<string, any> | null) => string | undefined);
  defaultValue?: any;
  /** conditional display; hidden fields are not submitted. */
  visible?: (values: Record<string, any>, mode: CrudFormMode) => boolean;
  /** `row` is the record being edited (null when adding); `values` the form's current values. */
  disabled?: boolean | ((mode: CrudFormMode, row: Record<string, any> | null, values: Record<string, any>) => boolean);
  /**
   * `remoteSelect`: extra query parameters read from the form's current values (e.g. the areas of the chosen
   * warehouse: `(v) => ({ warehouse_id: v.warehouse_id })`); the select reloads its options when they change.
   */
  remoteParams?: (values: Record<string, any>) => Record<string, unknown>;
  /** fields emptied when the user changes this one (and, in turn, the fields those clear): cascading selects. */
  clearOnChange?: string[];
  /** extra props for the control. */
  props?: Record<string, any>;
  /** `type: 'custom'`: draw the control yourself. */
  render?: (ctx: CrudFieldContext) => ReactNode;
  /** server row value → form value. */
  toForm?: (value: any, row: Record<string, any>) => any;
  /** form value → posted value; return undefined to leave the key out. */
  toServer?: (value: any, values: Record<string, any>, mode: CrudFormMode) => any;
}

/** A button drawn in each row besides the built-in ones. */
export interface CrudRowAction<Row = any> {
  name: string;
  /** language key of the tooltip / text. */
  title: string;
  icon?: ReactNode;
  /** permission action checked with useAuth (default: none). */
  auth?: string;
  status?: 'default' | 'warning' | 'danger' | 'success';
  /** shown only when true. */
  display?: (row: Row) => boolean;
  /** ask for confirmation first (language key of the question). */
  confirm?: string;
  onClick: (row: Row) => void;
}

/** Built-in toolbar buttons. */
export type CrudToolbarButton = 'refresh' | 'add' | 'delete' | 'expand' | 'search' | 'columns' | 'quickSearch';
/** Built-in row buttons. */
export type CrudRowButton = 'weigh-sort' | 'edit' | 'delete';

export interface SearchEntry {
  field: string;
  val: string;
  operator: CrudOperator;
  render?: string;
}

export interface OrderState {
  field: string;
  dir: 'asc' | 'desc';
}
