import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { CrudGenerationView, CrudWrittenFile } from '../../../../contract/modules';
import { LIST_BUTTONS, menuRuleNames, revokeEmptyFolders, revokeRules } from '../../../../migrations/menu-rules';
import { AppError } from '../../../shared/http/app-error';
import { AuthAdmin } from '../../../shared/http/auth.decorators';
import { unixNow } from '../../../shared/http/envelope';
import { TableCatalog } from '../ajax/persistence/table-catalog';
import { checkDesign, CrudDesign, designFromColumns, DesignInput } from './domain/crud-design';
import {
  addToGeneratedIndex,
  addToMigrationsIndex,
  GENERATED_INDEX,
  migrationName,
  MIGRATIONS_INDEX,
  plannedFiles,
  removeFromGeneratedIndex,
  removeFromMigrationsIndex,
} from './domain/crud-templates';
import { unifiedDiff } from './domain/line-diff';

/** What a generation records (crud_log.fields): the checked design and the migration's timestamp. */
interface Recorded {
  design: CrudDesign;
  timestamp: number;
}

export interface GenerateInput extends DesignInput {
  from_table?: unknown;
  /** answer the files and their diffs without writing anything */
  preview?: unknown;
}

/**
 * The CRUD generator (development only: `CRUD_GENERATOR=1`, super administrators only). It writes into the
 * repository at `CRUD_GENERATOR_ROOT` (default: the working directory, the project root under `npm start`)
 * the files of crud-templates.ts and two one-line changes to the index files, records them in `crud_log`,
 * and answers each file's diff; `remove` takes back what one generation wrote while its table holds no rows.
 * Every path is built from the checked design's identifiers and checked again to lie under the root.
 */
@Injectable()
export class CrudGeneratorService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly catalog: TableCatalog,
  ) {}

  async generate(input: GenerateInput, admin: AuthAdmin | undefined): Promise<{ id: number; design: CrudDesign; files: CrudWrittenFile[] }> {
    this.allow(admin);
    const design = await this.designOf(input);
    const preview = input.preview === true || input.preview === 1 || input.preview === '1';
    if (!design.existing && (await this.hasTable(design.table))) throw new AppError('generator.table_exists', { table: design.table });
    const active: Array<{ id: number | string }> = await this.dataSource.query('SELECT id FROM crud_log WHERE table_name = ? AND status = 1', [design.table]);
    if (active.length || existsSync(this.path(`src/modules/generated/${design.kebab}`))) throw new AppError('generator.already_generated', { table: design.table });
    const timestamp = Date.now();
    const created = plannedFiles(design, timestamp);
    for (const file of created) if (existsSync(this.path(file.path))) throw new AppError('generator.file_exists', { path: file.path });
    const changed = [
      { path: GENERATED_INDEX, before: this.read(GENERATED_INDEX), change: (source: string) => addToGeneratedIndex(source, design) },
      { path: MIGRATIONS_INDEX, before: this.read(MIGRATIONS_INDEX), change: (source: string) => addToMigrationsIndex(source, design, timestamp) },
    ].map((file) => ({ path: file.path, before: file.before, after: file.change(file.before) }));
    const files: CrudWrittenFile[] = [
      ...created.map((file) => ({ path: file.path, change: 'add' as const, diff: unifiedDiff(file.path, null, file.content) })),
      ...changed.map((file) => ({ path: file.path, change: 'change' as const, diff: unifiedDiff(file.path, file.before, file.after) })),
    ];
    if (preview) return { id: 0, design, files };
    for (const file of created) {
      mkdirSync(dirname(this.path(file.path)), { recursive: true });
      writeFileSync(this.path(file.path), file.content, { flag: 'wx' });
    }
    for (const file of changed) writeFileSync(this.path(file.path), file.after);
    const now = unixNow();
    const recorded: Recorded = { design, timestamp };
    await this.dataSource.query('INSERT INTO crud_log (table_name, title, fields, files, status, admin_id, createtime, updatetime) VALUES (?, ?, ?, ?, 1, ?, ?, ?)', [
      design.table,
      design.title,
      JSON.stringify(recorded),
      JSON.stringify(files.map((f) => f.path)),
      admin?.id ?? 0,
      now,
      now,
    ]);
    const [row]: Array<{ id: number | string }> = await this.dataSource.query('SELECT id FROM crud_log WHERE table_name = ? AND status = 1 ORDER BY id DESC', [design.table]);
    return { id: Number(row.id), design, files };
  }

  async list(admin: AuthAdmin | undefined): Promise<{ list: CrudGenerationView[]; total: number; remark: string }> {
    this.allow(admin);
    const rows: Array<Record<string, unknown>> = await this.dataSource.query('SELECT id, table_name, title, status, files, createtime FROM crud_log ORDER BY id DESC LIMIT 200');
    const list = rows.map((row) => ({
      id: Number(row.id),
      table_name: String(row.table_name),
      title: String(row.title),
      status: (Number(row.status) === 1 ? 1 : 0) as 0 | 1,
      files: JSON.parse(String(row.files ?? '[]')) as string[],
      createtime: Number(row.createtime ?? 0),
    }));
    return { list, total: list.length, remark: '' };
  }

  /** Takes back one generation: its files, its lines in the index files, its menu rule and (empty, its own) table. */
  async remove(id: number, admin: AuthAdmin | undefined): Promise<{ id: number; files: string[] }> {
    this.allow(admin);
    const [row]: Array<{ fields: string; status: number | string }> = await this.dataSource.query('SELECT fields, status FROM crud_log WHERE id = ?', [id]);
    if (!row) throw new AppError('generator.not_found');
    if (Number(row.status) !== 1) throw new AppError('generator.already_removed');
    const { design: stored, timestamp } = JSON.parse(row.fields) as Recorded;
    // checked again: nothing read back from the table reaches a path or SQL unchecked
    const design = checkDesign(stored, stored.existing);
    if (await this.hasTable(design.table)) {
      const [count]: Array<{ n: number | string }> = await this.dataSource.query(`SELECT COUNT(*) AS n FROM ${this.dataSource.driver.escape(design.table)}`);
      if (Number(count.n) > 0) throw new AppError('generator.table_has_rows', { table: design.table, count: Number(count.n) });
    }
    const files = plannedFiles(design, timestamp).map((file) => file.path);
    for (const path of files) rmSync(this.path(path), { force: true });
    rmSync(this.path(`src/modules/generated/${design.kebab}`), { recursive: true, force: true });
    if (existsSync(this.path(GENERATED_INDEX))) writeFileSync(this.path(GENERATED_INDEX), removeFromGeneratedIndex(this.read(GENERATED_INDEX), design));
    if (existsSync(this.path(MIGRATIONS_INDEX))) writeFileSync(this.path(MIGRATIONS_INDEX), removeFromMigrationsIndex(this.read(MIGRATIONS_INDEX), design, timestamp));
    const pages = [{ name: `generated/${design.camel}`, title: '', title_en: '', icon: '', buttons: Object.keys(LIST_BUTTONS) }];
    await this.dataSource.transaction(async (manager) => {
      await revokeRules(manager, menuRuleNames(pages));
      // the last generated page gone: its menu folder too
      await revokeEmptyFolders(manager, ['generated']);
      await manager.query('DELETE FROM migrations WHERE name = ?', [migrationName(design, timestamp).className]);
      await manager.query('UPDATE crud_log SET status = 0, updatetime = ? WHERE id = ?', [unixNow(), id]);
    });
    if (!design.existing && (await this.hasTable(design.table))) {
      const runner = this.dataSource.createQueryRunner();
      try {
        await runner.dropTable(design.table);
      } finally {
        await runner.release();
      }
    }
    return { id, files };
  }

  /** Refused unless the site runs with CRUD_GENERATOR=1 and the caller is a super administrator. */
  private allow(admin: AuthAdmin | undefined): void {
    if (process.env.CRUD_GENERATOR !== '1') throw new AppError('generator.disabled');
    if (!admin?.isSuper) throw new AppError('generator.super_only', {}, 401);
  }

  private async designOf(input: GenerateInput): Promise<CrudDesign> {
    if (input.from_table === undefined || input.from_table === null || input.from_table === '') return checkDesign(input);
    const table = typeof input.from_table === 'string' ? this.catalog.find(input.from_table) : undefined;
    if (!table) throw new AppError('generator.table_unknown', { table: String(input.from_table).slice(0, 64) });
    const columns = await this.catalog.databaseColumns(table);
    const title = typeof input.title === 'string' && input.title.trim() ? input.title : table.name;
    return checkDesign(designFromColumns(table.name, title, columns), true);
  }

  private async hasTable(table: string): Promise<boolean> {
    const runner = this.dataSource.createQueryRunner();
    try {
      return await runner.hasTable(table);
    } finally {
      await runner.release();
    }
  }

  private root(): string {
    return resolve(process.env.CRUD_GENERATOR_ROOT || process.cwd());
  }

  /** A path under the root (refused otherwise, though every path is built from checked identifiers). */
  private path(relativePath: string): string {
    const root = this.root();
    const full = resolve(root, relativePath);
    const inside = relative(root, full);
    if (!inside || inside.startsWith('..') || inside.includes(`..${sep}`)) throw new AppError('generator.file_exists', { path: relativePath });
    return full;
  }

  private read(relativePath: string): string {
    return readFileSync(this.path(relativePath), 'utf8');
  }
}
