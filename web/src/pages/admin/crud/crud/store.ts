/** The CRUD generator page's store: the design being edited, the files of the last preview or generation, and past generations. */
import { makeAutoObservable, runInAction } from 'mobx';
import type { CrudFieldDesign, GeneratorFieldType, CrudGenerationView, CrudWrittenFile } from '@contract/modules';
import { generateCrud, listCrudGenerations, removeCrudGeneration } from '@/api/platform';
import { errorMessage } from '@/api/request';

/** The widget each type gets at first (the server's defaults). */
export const DEFAULT_WIDGET: Record<GeneratorFieldType, CrudFieldDesign['form']> = {
  string: 'input',
  text: 'textarea',
  int: 'number',
  decimal: 'number',
  switch: 'switch',
  datetime: 'datetime',
  select: 'select',
  image: 'image',
  relation: 'remoteSelect',
};

/** A field row of the grid: the design plus the options as typed (`1=Flat, 2=By weight`). */
export interface FieldRow extends CrudFieldDesign {
  key: number;
  optionsText: string;
}

let nextKey = 1;

export function newField(): FieldRow {
  return { key: nextKey++, name: '', type: 'string', comment: '', form: 'input', list: true, search: false, required: false, optionsText: '' };
}

/** `1=Flat, 2=By weight` → {1: 'Flat', 2: 'By weight'}. */
export function parseOptions(text: string): Record<string, string> {
  const options: Record<string, string> = {};
  for (const part of text.split(',')) {
    const [value, ...label] = part.split('=');
    if (value?.trim() && label.join('=').trim()) options[value.trim()] = label.join('=').trim();
  }
  return options;
}

export class CrudGeneratorStore {
  table = '';
  title = '';
  /** set when the design came from an existing table */
  fromTable = '';
  fields: FieldRow[] = [newField()];
  files: CrudWrittenFile[] = [];
  /** true: the files shown were written; false: a preview */
  written = false;
  history: CrudGenerationView[] = [];
  loading = false;
  error = '';
  /** why the generator cannot be used here (off, or not a super administrator) */
  unavailable = '';

  constructor() {
    makeAutoObservable(this);
  }

  setTable(value: string) {
    this.table = value;
    this.fromTable = '';
  }

  setTitle(value: string) {
    this.title = value;
  }

  addField() {
    this.fields.push(newField());
  }

  removeField(key: number) {
    this.fields = this.fields.filter((f) => f.key !== key);
  }

  updateField(key: number, patch: Partial<FieldRow>) {
    const field = this.fields.find((f) => f.key === key);
    if (!field) return;
    Object.assign(field, patch);
    if (patch.type) field.form = DEFAULT_WIDGET[patch.type];
    this.fromTable = '';
  }

  body() {
    const fields = this.fields.map(({ key: _key, optionsText, ...field }) => ({
      ...field,
      ...(field.type === 'select' ? { options: parseOptions(optionsText) } : {}),
      ...(field.type === 'relation' ? { relation: { table: field.relation?.table ?? '', label: '' } } : {}),
    }));
    return this.fromTable ? { from_table: this.fromTable, title: this.title || this.fromTable } : { table: this.table.trim(), title: this.title.trim(), fields };
  }

  async loadHistory(): Promise<void> {
    try {
      const res = await listCrudGenerations();
      runInAction(() => {
        this.history = res.data.list;
        this.unavailable = '';
      });
    } catch (failure) {
      runInAction(() => (this.unavailable = errorMessage(failure)));
    }
  }

  /** Reads an existing table's columns into the grid (a preview from `from_table`). */
  async startFrom(table: string): Promise<void> {
    await this.run({ from_table: table.trim(), preview: 1 }, (answer) => {
      this.table = answer.design.table;
      this.title = answer.design.title;
      this.fields = answer.design.fields.map((f) => ({ ...f, key: nextKey++, optionsText: Object.entries(f.options ?? {}).map(([v, l]) => `${v}=${l}`).join(', ') }));
      this.fromTable = answer.design.table;
    });
  }

  async preview(): Promise<void> {
    await this.run({ ...this.body(), preview: 1 });
  }

  async generate(): Promise<void> {
    await this.run(this.body());
    await this.loadHistory();
  }

  async remove(id: number): Promise<void> {
    this.error = '';
    try {
      await removeCrudGeneration(id);
    } catch (failure) {
      runInAction(() => (this.error = errorMessage(failure)));
    }
    await this.loadHistory();
  }

  private async run(body: Parameters<typeof generateCrud>[0], then?: (answer: Awaited<ReturnType<typeof generateCrud>>['data']) => void): Promise<void> {
    this.loading = true;
    this.error = '';
    try {
      const res = await generateCrud(body);
      runInAction(() => {
        this.files = res.data.files;
        this.written = res.data.id > 0;
        then?.(res.data);
      });
    } catch (failure) {
      runInAction(() => (this.error = errorMessage(failure)));
    } finally {
      runInAction(() => (this.loading = false));
    }
  }
}
