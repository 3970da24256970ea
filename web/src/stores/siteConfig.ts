import { makeAutoObservable } from 'mobx';
import type { SiteConfigForClient } from '@contract/config';
import { setDisplayTimeZone } from '@/utils/time';

/** The upload settings (no cloud params until the bootstrap says). */
export type UploadConfig = Omit<SiteConfigForClient['upload'], 'params'> & Partial<Pick<SiteConfigForClient['upload'], 'params'>>;

/** Site configuration from the bootstrap (not persisted). */
export class SiteConfigStore {
  siteName = '';
  recordNumber = '';
  version = '';
  cdnUrl = '';
  apiUrl = '';
  /** The site time zone; '' until the bootstrap says (then times show in the browser's zone). */
  timeZone = '';
  headNav: unknown[] = [];
  upload: UploadConfig = { mode: 'local', maxsize: 0, savename: '', mimetype: '' };
  loaded = false;
  /**
   * The optional modules' states from the front bootstrap (name → 1 enabled | 0 disabled); empty until it
   * answers. A module the bootstrap has not named counts as enabled.
   */
  modules: Record<string, 0 | 1> = {};
  /** Whether the front bootstrap has told the modules' states yet. */
  modulesKnown = false;
  loading = false;
  error: string | null = null;

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  dataFill(config: Partial<SiteConfigForClient>) {
    if (config.siteName !== undefined) this.siteName = config.siteName;
    if (config.recordNumber !== undefined) this.recordNumber = config.recordNumber;
    if (config.version !== undefined) this.version = config.version;
    if (config.cdnUrl !== undefined) this.cdnUrl = config.cdnUrl;
    if (config.apiUrl !== undefined) this.apiUrl = config.apiUrl;
    if (config.headNav !== undefined) this.headNav = config.headNav;
    if (config.timeZone) {
      this.timeZone = config.timeZone;
      setDisplayTimeZone(config.timeZone);
    }
    if (config.upload) this.upload = { ...this.upload, ...config.upload, mode: config.upload.mode || 'local' };
    this.loaded = true;
  }

  /** The optional modules' states as the front bootstrap answers them (`openMemberCenter` for an older server). */
  fillModules(modules: Record<string, number> | undefined, openMemberCenter?: boolean) {
    const states: Record<string, 0 | 1> = {};
    for (const [name, state] of Object.entries(modules ?? {})) states[name] = Number(state) === 0 ? 0 : 1;
    if (openMemberCenter !== undefined && states.member === undefined) states.member = openMemberCenter ? 1 : 0;
    this.modules = states;
    this.modulesKnown = true;
  }

  /** Whether an optional module is on (true until the bootstrap says otherwise). */
  moduleOn(name: string): boolean {
    return this.modules[name] !== 0;
  }

  /** Whether the site shows its member center (sign-in, registration, the member pages). */
  get memberCenterOpen(): boolean {
    return this.moduleOn('member');
  }

  /** A full URL for a stored path (e.g. /storage/...), using the CDN address when there is one. */
  fullUrl(path: string): string {
    if (!path || /^(https?:)?\/\//.test(path) || path.startsWith('data:')) return path;
    return `${this.cdnUrl.replace(/\/$/, '')}${path}`;
  }
}
