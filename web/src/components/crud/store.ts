/**
 * CrudTableStore: the state of one list page (the equivalent of BuildAdmin's baTable).
 * Create one per page: `const [store] = useState(() => new CrudTableStore(root, {...}))`.
 */
import { makeAutoObservable, reaction, runInAction, toJS } from 'mobx';
import { createCrudApi, type CrudApi, type IndexAnswer } from '@/api/crud';
import { errorMessage } from '@/api/request';
import { buildIndexParams, buildSearchEntries, flattenTree, getByPath, isEmptyValue } from './params';
import type { CrudColumn, CrudField, CrudFormMode, OrderState } from './types';

/** What the store needs from the RootStore (kept structural so specs can pass a plain object). */
export interface CrudRoot {
  config?: { lang?: string };
}

export type Key = string | number;

export interface CrudTableOptions<Row = any> {
  /** controller base, e.g. '/admin/auth.Admin' */
  api: string;
  /** primary key (default 'id') */
  pk?: string;
  columns: CrudColumn<Row>[];
  /** add/edit form fields (the CrudForm drawer). */
  fields?: CrudField[];
  /** language keys naming what the quick search covers (placeholder). Omit to hide the quick search. */
  quickSearchFields?: string[];
  /** sort when the user chose none; undefined leaves the server's default. */
  defaultOrder?: OrderState | null;
  /** page size (default 10) */
  limit?: number;
  /** tree list: `list` holds nested `children`; no pagination. */
  tree?: boolean;
  /** tree list: every row expanded after each load (default true); false: top level only at first, then as the user left it. */
  expandAll?: boolean;
  /** extra query parameters of `index` (object or a function read at each load). */
  extraParams?: Record<string, unknown> | (() => Record<string, unknown>);
  /** form values → posted body (after the fields' own toServer). */
  beforeSubmit?: (data: Record<string, any>, mode: CrudFormMode) => Record<string, any>;
  /** `GET edit` row → row used by the form (before the fields' toForm). */
  afterRead?: (row: Record<string, any>) => Record<string, any>;
  /** default values of the add form (besides the fields' defaultValue). */
  addDefaults?: () => Record<string, any>;
  /** inject another client (tests, custom endpoints). */
  client?: CrudApi<Row>;
}

export class CrudTableStore<Row extends Record<string, any> = Record<string, any>> {
  readonly root: CrudRoot;
  readonly options: CrudTableOptions<Row>;
  readonly api: CrudApi<Row>;
  readonly pk: string;

  list: Row[] = [];
  total = 0;
  /** The server stopped counting (`total_capped`): `total` is a lower bound, shown as "10,000+". */
  totalCapped = false;
  remark = '';
  /** the whole `data` of the last index answer (pages may read extra keys, e.g. auth.Group's `group`). */
  answer: IndexAnswer<Row> | null = null;
  loading = false;
  error: string | null = null;

  page = 1;
  limit: number;
  order: OrderState | null;
  quickSearch = '';
  searchValues: Record<string, any> = {};
  showSearch = false;

  selectedKeys: Key[] = [];
  hiddenProps: string[] = [];
  expandedKeys: Key[] = [];

  /** form drawer */
  formMode: CrudFormMode | null = null;
  formRow: Record<string, any> | null = null;
  formLoading = false;
  submitting = false;
  /** bumped on each opening, so the form resets its values. */
  formVersion = 0;

  private loadSeq = 0;
  private disposers: Array<() => void> = [];

  constructor(root: CrudRoot, options: CrudTableOptions<Row>) {
    this.root = root;
    this.options = options;
    this.pk = options.pk ?? 'id';
    this.api = options.client ?? createCrudApi<Row>(options.api, this.pk);
    this.limit = options.limit ?? 10;
    this.order = options.defaultOrder ?? null;
    this.hiddenProps = options.columns.filter((c) => c.hidden).map((c) => c.prop);
    makeAutoObservable<this, 'loadSeq' | 'disposers'>(this, {
      root: false,
      options: false,
      api: false,
      pk: false,
      loadSeq: false,
      disposers: false,
    });
  }

  get columns(): CrudColumn<Row>[] {
    return this.options.columns;
  }

  get fields(): CrudField[] {
    return this.options.fields ?? [];
  }

  get isTree(): boolean {
    return !!this.options.tree;
  }

  /** columns drawn in the table (hidden ones left out). */
  get visibleColumns(): CrudColumn<Row>[] {
    return this.columns.filter((c) => c.inTable !== false && !this.hiddenProps.includes(c.prop));
  }

  /** plain rows for the Arco table. */
  get tableData(): Row[] {
    return toJS(this.list);
  }

  get selectedRows(): Row[] {
    const keys = new Set(this.selectedKeys.map(String));
    const rows = this.isTree ? flattenTree(this.list as Array<Row & { children?: Row[] }>) : this.list;
    return rows.filter((r) => keys.has(String(r[this.pk])));
  }

  /** the query of the next `GET index`. */
  get indexParams(): Record<string, unknown> {
    const extra = typeof this.options.extraParams === 'function' ? this.options.extraParams() : this.options.extraParams;
    return buildIndexParams({
      page: this.page,
      limit: this.limit,
      quickSearch: this.quickSearch,
      order: this.order,
      search: buildSearchEntries(this.columns, this.searchValues),
      paginate: !this.isTree,
      extra,
    });
  }

  /** Reloads when the language changes (server texts such as remark are translated). Returns a disposer. */
  mount(): () => void {
    this.disposers.push(
      reaction(
        () => this.root.config?.lang,
        () => {
          void this.load();
        },
      ),
    );
    void this.load();
    return () => this.dispose();
  }

  dispose(): void {
    this.disposers.forEach((d) => d());
    this.disposers = [];
  }

  async load(): Promise<void> {
    const seq = ++this.loadSeq;
    this.loading = true;
    this.error = null;
    try {
      const data = await this.api.index(this.indexParams);
      if (seq !== this.loadSeq) return;
      runInAction(() => {
        this.answer = data;
        this.list = Array.isArray(data?.list) ? data.list : [];
        this.total = typeof data?.total === 'number' ? data.total : Number(data?.total ?? this.list.length) || 0;
        this.totalCapped = data?.total_capped === true;
        this.remark = typeof data?.remark === 'string' ? data.remark : '';
        const keys = new Set(flattenTree(this.list as Array<Row & { children?: Row[] }>).map((r) => String(r[this.pk])));
        this.selectedKeys = this.selectedKeys.filter((k) => keys.has(String(k)));
        if (this.isTree) {
          const parents = this.parentKeys();
          if (this.options.expandAll !== false) this.expandedKeys = parents;
          else {
            const still = new Set(parents.map(String));
            this.expandedKeys = this.expandedKeys.filter((k) => still.has(String(k)));
          }
        }
        // a page emptied by a delete: step back
        if (!this.isTree && this.list.length === 0 && this.total > 0 && this.page > 1) {
          this.page = Math.max(1, Math.ceil(this.total / this.limit));
          void this.load();
        }
      });
    } catch (e) {
      if (seq !== this.loadSeq) return;
      runInAction(() => {
        this.error = errorMessage(e);
      });
    } finally {
      if (seq === this.loadSeq) {
        runInAction(() => {
          this.loading = false;
        });
      }
    }
  }

  refresh(): Promise<void> {
    return this.load();
  }

  setPage(page: number, limit?: number): void {
    if (limit && limit !== this.limit) {
      this.limit = limit;
      this.page = 1;
    } else {
      this.page = page;
    }
    void this.load();
  }

  /** null clears the user's sort (server default). */
  setOrder(order: OrderState | null): void {
    this.order = order;
    this.page = 1;
    void this.load();
  }

  setQuickSearch(value: string): void {
    this.quickSearch = value;
  }

  submitQuickSearch(value?: string): void {
    if (value !== undefined) this.quickSearch = value;
    this.page = 1;
    void this.load();
  }

  setSearchValue(prop: string, value: any): void {
    this.searchValues = { ...this.searchValues, [prop]: value };
  }

  submitSearch(values?: Record<string, any>): void {
    if (values) this.searchValues = { ...values };
    this.page = 1;
    void this.load();
  }

  resetSearch(): void {
    this.searchValues = {};
    this.page = 1;
    void this.load();
  }

  get activeSearchCount(): number {
    return Object.values(this.searchValues).filter((v) => !isEmptyValue(v) && !(Array.isArray(v) && v.every(isEmptyValue))).length;
  }

  toggleSearch(): void {
    this.showSearch = !this.showSearch;
  }

  toggleColumn(prop: string, visible?: boolean): void {
    const hidden = this.hiddenProps.includes(prop);
    const show = visible ?? hidden;
    this.hiddenProps = show ? this.hiddenProps.filter((p) => p !== prop) : [...this.hiddenProps, prop];
  }

  setSelectedKeys(keys: Key[]): void {
    this.selectedKeys = keys;
  }

  setExpandedKeys(keys: Key[]): void {
    this.expandedKeys = keys;
  }

  /** keys of the rows that have children. */
  parentKeys(): Key[] {
    return flattenTree(this.list as Array<Row & { children?: Row[] }>)
      .filter((r) => Array.isArray(r.children) && r.children.length > 0)
      .map((r) => r[this.pk] as Key);
  }

  get allExpanded(): boolean {
    const parents = this.parentKeys();
    return parents.length > 0 && parents.every((k) => this.expandedKeys.map(String).includes(String(k)));
  }

  toggleExpandAll(): void {
    this.expandedKeys = this.allExpanded ? [] : this.parentKeys();
  }

  /** `DELETE del?ids[]=…` then reload. */
  async remove(ids: Key[]): Promise<boolean> {
    if (!ids.length) return false;
    try {
      await this.api.del(ids);
      runInAction(() => {
        const gone = new Set(ids.map(String));
        this.selectedKeys = this.selectedKeys.filter((k) => !gone.has(String(k)));
      });
      await this.load();
      return true;
    } catch (e) {
      runInAction(() => {
        this.error = errorMessage(e);
      });
      return false;
    }
  }

  removeSelected(): Promise<boolean> {
    return this.remove([...this.selectedKeys]);
  }

  /** `POST sortable {id, targetId}` (the server swaps the two weights) then reload. */
  async sortable(id: Key, targetId: Key): Promise<boolean> {
    if (String(id) === String(targetId)) return false;
    try {
      await this.api.sortable(id, targetId);
      await this.load();
      return true;
    } catch (e) {
      runInAction(() => {
        this.error = errorMessage(e);
      });
      return false;
    }
  }

  /** The row before / after `id` among its siblings (for the move-up / move-down buttons). */
  neighbour(id: Key, direction: 'up' | 'down'): Row | undefined {
    const siblings = this.siblingsOf(id);
    const i = siblings.findIndex((r) => String(r[this.pk]) === String(id));
    if (i < 0) return undefined;
    return siblings[direction === 'up' ? i - 1 : i + 1];
  }

  private siblingsOf(id: Key): Row[] {
    const walk = (rows: Row[]): Row[] | undefined => {
      if (rows.some((r) => String(r[this.pk]) === String(id))) return rows;
      for (const r of rows) {
        const children = (r as { children?: Row[] }).children;
        if (Array.isArray(children)) {
          const found = walk(children);
          if (found) return found;
        }
      }
      return undefined;
    };
    return walk(this.list) ?? [];
  }

  async move(id: Key, direction: 'up' | 'down'): Promise<boolean> {
    const target = this.neighbour(id, direction);
    if (!target) return false;
    return this.sortable(id, target[this.pk] as Key);
  }

  /**
   * Another action of the controller (`POST <base>/<action>`, e.g. a content's audit), its message shown,
   * then the list read again. Resolves true on success; a refusal has been shown by the request layer.
   */
  async runAction(action: string, data: Record<string, unknown>): Promise<boolean> {
    try {
      await this.api.post(action, data, { showSuccessMessage: true });
    } catch {
      return false;
    }
    await this.load();
    return true;
  }

  /** A switch cell: `POST edit {pk, prop: value}`. */
  async changeField(row: Row, prop: string, value: unknown): Promise<boolean> {
    const id = row[this.pk];
    const previous = getByPath(row, prop);
    this.patchRow(id, prop, value);
    try {
      await this.api.update({ [this.pk]: id, [prop]: value });
      return true;
    } catch (e) {
      runInAction(() => {
        this.patchRow(id, prop, previous);
        this.error = errorMessage(e);
      });
      return false;
    }
  }

  private patchRow(id: unknown, prop: string, value: unknown): void {
    const rows = flattenTree(this.list as Array<Row & { children?: Row[] }>);
    const row = rows.find((r) => String(r[this.pk]) === String(id));
    if (row) (row as Record<string, unknown>)[prop] = value;
  }

  openAdd(preset?: Record<string, any>): void {
    this.formMode = 'add';
    this.formRow = { ...(this.options.addDefaults?.() ?? {}), ...(preset ?? {}) };
    this.formLoading = false;
    this.formVersion++;
  }

  /** Opens the edit drawer and loads the row with `GET edit?id=`. */
  async openEdit(id: Key): Promise<void> {
    this.formMode = 'edit';
    this.formRow = null;
    this.formLoading = true;
    this.formVersion++;
    const version = this.formVersion;
    try {
      const row = await this.api.read(id);
      if (version !== this.formVersion) return;
      runInAction(() => {
        const r = { ...(row as Record<string, any>) };
        this.formRow = this.options.afterRead ? this.options.afterRead(r) : r;
        this.formLoading = false;
        this.formVersion++;
      });
    } catch (e) {
      runInAction(() => {
        this.formLoading = false;
        this.formMode = null;
        this.error = errorMessage(e);
      });
    }
  }

  closeForm(): void {
    this.formMode = null;
    this.formRow = null;
    this.formLoading = false;
    this.submitting = false;
  }

  /** `POST add` / `POST edit` (with the pk) then close and reload. Resolves true on success. */
  async submit(data: Record<string, any>): Promise<boolean> {
    const mode = this.formMode ?? 'add';
    let body: Record<string, any> = { ...data };
    if (mode === 'edit' && this.formRow) body[this.pk] = this.formRow[this.pk];
    if (this.options.beforeSubmit) body = this.options.beforeSubmit(body, mode);
    this.submitting = true;
    try {
      if (mode === 'edit') await this.api.update(body);
      else await this.api.add(body);
      runInAction(() => {
        this.submitting = false;
        this.closeForm();
      });
      await this.load();
      return true;
    } catch (e) {
      runInAction(() => {
        this.submitting = false;
        this.error = errorMessage(e);
      });
      return false;
    }
  }
}
