import { ConfigStore } from './config';
import { adminInfoStore, type AdminInfoStore } from './adminInfo';
import { userInfoStore, type UserInfoStore } from './userInfo';
import { NavTabsStore } from './navTabs';
import { SiteConfigStore } from './siteConfig';
import { TerminalStore, defaultEventSourceFactory, type EventSourceFactory } from './terminal';
import { MemberCenterStore } from './memberCenter';
import { defaultStorage, type StorageLike } from './persist';

export type Notifier = (type: 'error' | 'success' | 'info' | 'warning', message: string) => void;

export interface RootStoreOptions {
  storage?: StorageLike;
  eventSourceFactory?: EventSourceFactory;
  notify?: Notifier;
  /** The browser's languages (`navigator.languages`): the language of a first visit, nothing saved yet. */
  languages?: readonly string[];
}

/** The one store of the app, created in main.tsx and provided through React context. */
export class RootStore {
  readonly storage: StorageLike;
  readonly eventSourceFactory: EventSourceFactory;
  readonly notify: Notifier;

  readonly config: ConfigStore;
  readonly adminInfo: AdminInfoStore;
  readonly userInfo: UserInfoStore;
  readonly siteConfig: SiteConfigStore;
  readonly navTabs: NavTabsStore;
  readonly memberCenter: MemberCenterStore;
  readonly terminal: TerminalStore;

  constructor(options: RootStoreOptions = {}) {
    this.storage = options.storage ?? defaultStorage();
    this.eventSourceFactory = options.eventSourceFactory ?? defaultEventSourceFactory;
    this.notify = options.notify ?? ((type, message) => (type === 'error' ? console.error(message) : console.info(message)));

    this.config = new ConfigStore(this.storage, options.languages);
    this.adminInfo = adminInfoStore(this.storage, () => this.navTabs.reset());
    this.userInfo = userInfoStore(this.storage, () => this.memberCenter.reset());
    this.siteConfig = new SiteConfigStore();
    this.navTabs = new NavTabsStore(this);
    this.memberCenter = new MemberCenterStore();
    this.terminal = new TerminalStore(this);
  }
}
