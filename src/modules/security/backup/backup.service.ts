import { createReadStream, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { dataDir, databaseSettings } from '../../../../ormconfig';
import { CrudKit, CrudService, ListResult } from '../../../shared/crud';
import { AppError } from '../../../shared/http/app-error';
import { unixNow } from '../../../shared/http/envelope';
import { BackupEntity } from '../persistence/security.entities';
import { BACKUP_LIST } from '../crud/security.cruds';
import { backupKey, backupPath, backupsDir, dumpMysql, dumpSqlite, newBackupName, sha256Of, signBackup, writeChecksum } from './backup-files';

export const BACKUP_RUNNING = 0;
export const BACKUP_DONE = 1;
export const BACKUP_FAILED = 2;

/** How often a running backup's size is written to its row (the list shows it as progress). */
const PROGRESS_EVERY_MS = 500;

/**
 * routine.Backup: a backup runs in the background after `add` answers (the list shows it running with the
 * bytes written so far), one at a time per process. Files live in DATA_DIR/backups, each signed with the
 * backup key (BACKUP_KEY, else DATA_DIR's) and with its SHA-256 beside it.
 */
@Injectable()
export class BackupService implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Backup');
  private readonly crud: CrudService<BackupEntity>;
  private running: Promise<void> | null = null;
  /** Forces the Node dump on MySQL (specs of the fallback). */
  useDumpTool = true;

  constructor(
    kit: CrudKit,
    private readonly dataSource: DataSource,
  ) {
    this.crud = new CrudService(kit, BACKUP_LIST);
  }

  list(query: Record<string, unknown>): Promise<ListResult> {
    return this.crud.list(query, { controllerPath: 'routine/backup' });
  }

  /** Starts a backup; answers its row (status running). `done` resolves when the file is complete. */
  async start(adminId: number): Promise<{ row: BackupEntity; done: Promise<void> }> {
    if (this.running) throw new AppError('security.backup_running');
    const kind = this.dataSource.options.type === 'better-sqlite3' ? 'sqlite' : 'mysql';
    const name = newBackupName(kind);
    const now = unixNow();
    const inserted = await this.dataSource.manager.insert(BackupEntity, { name, engine: kind, size: 0, checksum: '', status: BACKUP_RUNNING, error: '', admin_id: adminId, createtime: now, updatetime: now });
    const id = Number(inserted.identifiers[0].id);
    const done = this.run(id, name, kind);
    this.running = done.finally(() => (this.running = null));
    return { row: (await this.dataSource.manager.findOneBy(BackupEntity, { id }))!, done };
  }

  private async run(id: number, name: string, kind: 'sqlite' | 'mysql'): Promise<void> {
    const dir = backupsDir(dataDir());
    mkdirSync(dir, { recursive: true });
    const file = backupPath(dataDir(), name)!;
    let last = 0;
    const progress = (bytes: number) => {
      if (Date.now() - last < PROGRESS_EVERY_MS) return;
      last = Date.now();
      this.dataSource.manager.update(BackupEntity, { id, status: BACKUP_RUNNING }, { size: bytes, updatetime: unixNow() }).catch(() => undefined);
    };
    try {
      // the key first: a BACKUP_KEY too short fails the backup before anything is written
      const key = backupKey(process.env, dataDir(), { create: true });
      if (kind === 'sqlite') await dumpSqlite((this.dataSource.driver as unknown as { databaseConnection: { backup(path: string): Promise<unknown> } }).databaseConnection, file, progress);
      else await dumpMysql(databaseSettings(process.env, 'migration').mysql!, file, progress, this.useDumpTool);
      await signBackup(file, key);
      const checksum = await sha256Of(file);
      writeChecksum(file, checksum);
      await this.dataSource.manager.update(BackupEntity, { id }, { size: statSync(file).size, checksum, status: BACKUP_DONE, updatetime: unixNow() });
    } catch (error) {
      this.logger.error(`backup ${name} failed: ${(error as Error).message}`);
      rmSync(file, { force: true });
      await this.dataSource.manager
        .update(BackupEntity, { id }, { status: BACKUP_FAILED, error: String((error as Error).message).slice(0, 255), updatetime: unixNow() })
        .catch(() => undefined);
    }
  }

  /** A running backup finishes before the database connection closes. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.running;
  }

  /** The file of a finished backup, by id: never a path from the request. */
  async file(id: number): Promise<{ name: string; path: string; size: number; stream: () => NodeJS.ReadableStream }> {
    const row = await this.dataSource.manager.findOneBy(BackupEntity, { id });
    if (!row) throw new AppError('crud.record_not_found');
    const path = backupPath(dataDir(), row.name);
    if (row.status !== BACKUP_DONE || !path || !existsSync(path)) throw new AppError('security.backup_missing');
    return { name: row.name, path, size: statSync(path).size, stream: () => createReadStream(path) };
  }

  async del(ids: number[]): Promise<{ count: number }> {
    const rows = await this.dataSource.manager.findBy(BackupEntity, ids.map((id) => ({ id })));
    const removable = rows.filter((row) => row.status !== BACKUP_RUNNING);
    if (!removable.length) throw new AppError('crud.no_rows_deleted');
    for (const row of removable) {
      const path = backupPath(dataDir(), row.name);
      if (path) for (const p of [path, `${path}.sha256`]) rmSync(p, { force: true });
      await this.dataSource.manager.delete(BackupEntity, { id: row.id });
    }
    return { count: removable.length };
  }
}
