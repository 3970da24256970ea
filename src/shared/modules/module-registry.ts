import { Global, Injectable, MiddlewareConsumer, Module, NestMiddleware, NestModule, NotFoundException, RequestMethod } from '@nestjs/common';
import { NextFunction, Request, Response } from 'express';
import { DataSource } from 'typeorm';
import { CacheRegistry } from '../cache/cache-registry';
import { SiteVersion, VersionedCache } from '../cache/site-version';

/**
 * What a module of the product declares about itself: every context registers one or more (`declare` in its
 * Nest module's constructor), so module management can list them and switch the optional ones off.
 *
 *   constructor(modules: ModuleRegistry) { modules.declare(CMS_MODULE); }
 */
export interface ModuleManifest {
  /** Stable, lower-case: `cms`, `member`, `adverts`. */
  readonly name: string;
  /** A message key (`module.title.cms`), translated where it is shown. */
  readonly title: string;
  readonly version: string;
  /** A core module is always on; an optional one may be disabled (its data is kept). */
  readonly core: boolean;
  /** Path prefixes of its routes, lower case (`/admin/cms.`, `/api/cms/`): answered 404 while it is disabled. */
  readonly routes: readonly string[];
  /** Names of its menu rules (admin or member); a rule named so or below (`cms/…`) is hidden while disabled. */
  readonly menus: readonly string[];
  /** Names of its scheduled jobs; `ModuleRegistry.runs(job)` is false while it is disabled. */
  readonly jobs: readonly string[];
}

/** The state of one module: 1 enabled, 0 disabled. */
export type ModuleState = 0 | 1;

/** The state rows as read: name → state (a module without a row is enabled). */
type States = ReadonlyMap<string, ModuleState>;

/** Constant SQL: the table is `module_state` (name, state, updatetime). */
const READ_STATES = 'SELECT name, state FROM module_state';

/**
 * The modules of the product and which are on. States live in `module_state`, read at most once per site
 * version (changing a state raises the site version in its transaction), so every process of a cluster sees
 * a change at its next request, and a restart changes nothing. Only a request under an optional module's
 * route prefix, a menu and a job ask at all; the token check already carries the version on signed-in calls.
 */
@Injectable()
export class ModuleRegistry {
  private readonly manifests = new Map<string, ModuleManifest>();
  private readonly states: VersionedCache<'states', States>;

  constructor(
    private readonly dataSource: DataSource,
    version: SiteVersion,
    caches: CacheRegistry,
  ) {
    this.states = new VersionedCache(version, caches, 'config', 1);
  }

  declare(manifest: ModuleManifest): void {
    if (!/^[a-z][a-z0-9_]{1,29}$/.test(manifest.name)) throw new Error(`module name ${manifest.name} is not lower-case snake`);
    if (this.manifests.has(manifest.name)) throw new Error(`module ${manifest.name} declared twice`);
    this.manifests.set(manifest.name, { ...manifest, routes: manifest.routes.map((r) => r.toLowerCase()) });
  }

  list(): ModuleManifest[] {
    return [...this.manifests.values()];
  }

  get(name: string): ModuleManifest | undefined {
    return this.manifests.get(name);
  }

  /** The states as stored (name → 0 | 1), read once per site version. */
  stored(): Promise<States> {
    return this.states.get('states', async () => {
      const rows: Array<{ name: string; state: number | string }> = await this.dataSource.query(READ_STATES);
      return new Map(rows.map((row) => [String(row.name), Number(row.state) === 0 ? 0 : 1]));
    });
  }

  async isEnabled(name: string): Promise<boolean> {
    const manifest = this.manifests.get(name);
    if (manifest?.core) return true;
    return (await this.stored()).get(name) !== 0;
  }

  /**
   * The optional module whose route prefixes cover `path`, if any (no read); the longest prefix wins, so a
   * module under another's prefix (adverts' `/admin/cms.advert` under cms's `/admin/cms.`) is its own.
   */
  optionalModuleOf(path: string): ModuleManifest | undefined {
    const lower = path.toLowerCase();
    let best: { manifest: ModuleManifest; length: number } | undefined;
    for (const manifest of this.manifests.values()) {
      if (manifest.core) continue;
      for (const prefix of manifest.routes) {
        if (lower.startsWith(prefix) && (!best || prefix.length > best.length)) best = { manifest, length: prefix.length };
      }
    }
    return best?.manifest;
  }

  /** Whether the module owning `path` is off (false for a path no optional module owns, without a read). */
  async routeDisabled(path: string): Promise<boolean> {
    const manifest = this.optionalModuleOf(path);
    return manifest ? !(await this.isEnabled(manifest.name)) : false;
  }

  /**
   * The optional modules' states (name → 1 enabled | 0 disabled), as the front bootstrap tells the web app:
   * it hides its ways into a disabled module (the member center's links) and answers its pages itself.
   */
  async optionalStates(): Promise<Record<string, ModuleState>> {
    const stored = await this.stored();
    const states: Record<string, ModuleState> = {};
    for (const manifest of this.manifests.values()) if (!manifest.core) states[manifest.name] = stored.get(manifest.name) === 0 ? 0 : 1;
    return states;
  }

  /** Menu rule names of the disabled modules: a rule is hidden when its name is one of them or below one. */
  async hiddenMenus(): Promise<string[]> {
    const stored = await this.stored();
    return [...this.manifests.values()].filter((m) => !m.core && stored.get(m.name) === 0).flatMap((m) => m.menus);
  }

  /** A filter for rule lists: keeps the rules no disabled module hides. */
  async menuFilter(): Promise<(ruleName: string) => boolean> {
    const hidden = await this.hiddenMenus();
    if (!hidden.length) return () => true;
    return (ruleName) => !hidden.some((name) => ruleName === name || ruleName.startsWith(`${name}/`));
  }

  /** Whether a scheduled job runs now: false while the module declaring it is disabled. Ask on every run. */
  async runs(job: string): Promise<boolean> {
    const owner = [...this.manifests.values()].find((m) => m.jobs.includes(job));
    return owner ? this.isEnabled(owner.name) : true;
  }
}

/** Answers 404 (the envelope of an unknown route) under the routes of a disabled module, token or not. */
@Injectable()
export class ModuleGateMiddleware implements NestMiddleware {
  constructor(private readonly modules: ModuleRegistry) {}

  async use(request: Request, _response: Response, next: NextFunction): Promise<void> {
    if (await this.modules.routeDisabled(request.originalUrl.split('?')[0])) throw new NotFoundException();
    next();
  }
}

/** Global: every context declares its modules here, and any may ask what is on. */
@Global()
@Module({ providers: [ModuleRegistry, ModuleGateMiddleware], exports: [ModuleRegistry] })
export class ModulesModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(ModuleGateMiddleware).forRoutes({ path: '*path', method: RequestMethod.ALL });
  }
}
