import { Injectable } from '@nestjs/common';
import { I18nContext } from 'nestjs-i18n';
import { EntityManager } from 'typeorm';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { AppError } from '../../../shared/http/app-error';
import { translate } from '../../../shared/http/translate';
import type { ModuleView } from '../../../../contract/modules';
import { ModuleRegistry } from '../../../shared/modules/module-registry';
import { unixNow } from '../../../shared/http/envelope';
import { compareVersions, PackageManifest, trustedKeys, verifyPackage } from './domain/module-package';

/** One row of the module list (the contract's `ModuleView`). */
export type ModuleRow = ModuleView;

const BUMP_SITE_VERSION = "UPDATE cache_version SET version = version + 1 WHERE name = 'site'";

/**
 * Module management: the modules the registry knows and the ones installed from packages, with their states;
 * switching an optional one on or off (a row of `module_state`, with the site version raised in the same
 * transaction, so every process sees it at its next request); installing a signed package.
 */
@Injectable()
export class ModuleManagementService {
  constructor(
    private readonly registry: ModuleRegistry,
    private readonly transactions: TransactionRunner,
  ) {}

  async list(): Promise<{ list: ModuleRow[]; total: number; remark: string }> {
    const stored = await this.registry.stored();
    const builtins: ModuleRow[] = this.registry.list().map((m) => ({
      name: m.name,
      title: translate(m.title),
      version: m.version,
      state: m.core || stored.get(m.name) !== 0 ? 1 : 0,
      core: m.core ? 1 : 0,
      source: 'builtin',
      routes: m.routes,
      menus: m.menus,
      jobs: m.jobs,
      migrations: [],
      installtime: null,
    }));
    const packages = await this.transactions.read((manager) => this.packages(manager));
    const lang = I18nContext.current()?.lang === 'en' ? 'en' : 'zh-cn';
    const installed: ModuleRow[] = packages.map(({ manifest, createtime }) => ({
      name: manifest.name,
      title: manifest.title[lang],
      version: manifest.version,
      state: stored.get(manifest.name) === 0 ? 0 : 1,
      core: 0,
      source: 'package',
      routes: [],
      menus: [],
      jobs: [],
      migrations: manifest.migrations,
      installtime: createtime,
    }));
    const list = [...builtins, ...installed];
    return { list, total: list.length, remark: '' };
  }

  async setState(name: string, state: 0 | 1): Promise<ModuleRow> {
    const manifest = this.registry.get(name);
    await this.transactions.run(async (manager) => {
      if (!manifest && !(await this.packageNamed(manager, name))) throw new AppError('module.unknown', { name });
      if (manifest?.core) throw new AppError('module.core_always_on', { name: translate(manifest.title) });
      await manager.query('DELETE FROM module_state WHERE name = ?', [name]);
      await manager.query('INSERT INTO module_state (name, state, updatetime) VALUES (?, ?, ?)', [name, state, unixNow()]);
      await manager.query(BUMP_SITE_VERSION);
    });
    // this request's reads are filed under the site version its token check read, from before the change
    const row = (await this.list()).list.find((m) => m.name === name) as ModuleRow;
    return { ...row, state };
  }

  /**
   * Installs a package: verified against the trusted keys, then its manifest recorded (a newer version
   * replaces an older one). Nothing it carries is written to disk, imported or run.
   */
  async install(file: Buffer, adminId: number): Promise<ModuleRow> {
    const { manifest, sha256, keyId } = verifyPackage(file, trustedKeys(process.env.MODULE_TRUSTED_KEYS));
    if (this.registry.get(manifest.name)) throw new AppError('module.name_builtin', { name: manifest.name });
    await this.transactions.run(async (manager) => {
      const present = await this.packageNamed(manager, manifest.name);
      const now = unixNow();
      if (present && compareVersions(manifest.version, present.manifest.version) <= 0) {
        throw new AppError('module.version_not_newer', { name: manifest.name, version: present.manifest.version });
      }
      if (present) {
        await manager.query('UPDATE module_package SET title = ?, version = ?, manifest = ?, sha256 = ?, key_id = ?, admin_id = ?, updatetime = ? WHERE id = ?', [manifest.title.en, manifest.version, JSON.stringify(manifest), sha256, keyId, adminId, now, present.id]);
      } else {
        await manager.query('INSERT INTO module_package (name, title, version, manifest, sha256, key_id, admin_id, createtime, updatetime) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)', [manifest.name, manifest.title.en, manifest.version, JSON.stringify(manifest), sha256, keyId, adminId, now, now]);
      }
    });
    return (await this.list()).list.find((m) => m.name === manifest.name) as ModuleRow;
  }

  private async packages(manager: EntityManager): Promise<Array<{ id: number; manifest: PackageManifest; createtime: number }>> {
    const rows: Array<{ id: number | string; manifest: string; createtime: number | string | null }> = await manager.query('SELECT id, manifest, createtime FROM module_package ORDER BY id');
    return rows.map((row) => ({ id: Number(row.id), manifest: JSON.parse(row.manifest) as PackageManifest, createtime: Number(row.createtime ?? 0) }));
  }

  private async packageNamed(manager: EntityManager, name: string) {
    return (await this.packages(manager)).find((p) => p.manifest.name === name);
  }
}
