/**
 * The site settings page: the groups and their items, saving one tab, adding and deleting items, the test
 * mail. After a save the bootstrap's site config follows (so the page title shows a new site name at once).
 */
import { makeAutoObservable, runInAction } from 'mobx';
import * as platform from '@/api/platform';
import { errorMessage } from '@/api/request';
import { addItemBody, groupBody, MAIL_GROUP, siteConfigPatch, testMailBody, type AddItemForm, type ConfigGroupData, type ConfigIndexData } from './configForm';

/** The calls the page makes (the specs pass fakes). */
export type ConfigClient = Pick<typeof platform, 'fetchConfig' | 'saveConfig' | 'addConfigItem' | 'deleteConfigItem' | 'sendTestMail'>;

/** How the test mail went: the server's translated message, or why it could not be sent. */
export interface TestMailResult {
  ok: boolean;
  msg: string;
}

/** What the page needs from the RootStore. */
export interface ConfigRoot {
  siteConfig: { dataFill(config: { siteName?: string; recordNumber?: string; version?: string; timeZone?: string }): void };
}

export class ConfigPageStore {
  data: ConfigIndexData | null = null;
  activeGroup = '';
  loading = false;
  saving = false;
  adding = false;
  sendingTestMail = false;
  testMailResult: TestMailResult | null = null;
  error: string | null = null;
  /** Bumped whenever the data is replaced: the tab forms start again from the new values. */
  version = 0;

  constructor(
    private readonly root: ConfigRoot,
    private readonly client: ConfigClient = platform,
  ) {
    makeAutoObservable<this, 'root' | 'client'>(this, { root: false, client: false });
  }

  get groups(): ConfigGroupData[] {
    return this.data ? Object.values(this.data.list) : [];
  }

  get groupOptions(): Array<{ value: string; label: string }> {
    return Object.entries(this.data?.configGroup ?? {}).map(([value, label]) => ({ value, label }));
  }

  group(name: string): ConfigGroupData | undefined {
    return this.data?.list[name];
  }

  setActiveGroup(name: string): void {
    this.activeGroup = name;
  }

  private apply(data: ConfigIndexData): void {
    this.data = data;
    if (!data.list[this.activeGroup]) this.activeGroup = Object.keys(data.list)[0] ?? '';
    this.version++;
  }

  async load(): Promise<void> {
    this.loading = true;
    this.error = null;
    try {
      const data = await this.client.fetchConfig();
      runInAction(() => {
        this.apply(data);
        this.loading = false;
      });
    } catch (e) {
      runInAction(() => {
        this.loading = false;
        this.error = errorMessage(e);
      });
    }
  }

  /** Saves every item of one tab; true when saved. */
  async save(groupName: string, values: Record<string, unknown>): Promise<boolean> {
    const group = this.group(groupName);
    if (!group) return false;
    this.saving = true;
    try {
      const data = await this.client.saveConfig(groupBody(group.list, values));
      runInAction(() => {
        this.apply(data);
        this.saving = false;
      });
      this.root.siteConfig.dataFill(siteConfigPatch(data));
      return true;
    } catch (e) {
      runInAction(() => {
        this.saving = false;
        this.error = errorMessage(e);
      });
      return false;
    }
  }

  async add(form: AddItemForm): Promise<boolean> {
    this.adding = true;
    try {
      const created = await this.client.addConfigItem(addItemBody(form));
      runInAction(() => {
        this.adding = false;
        this.activeGroup = created.group;
      });
      await this.load();
      return true;
    } catch (e) {
      runInAction(() => {
        this.adding = false;
        this.error = errorMessage(e);
      });
      return false;
    }
  }

  async remove(id: number): Promise<boolean> {
    try {
      await this.client.deleteConfigItem(id);
      await this.load();
      return true;
    } catch (e) {
      runInAction(() => {
        this.error = errorMessage(e);
      });
      return false;
    }
  }

  /** Sends a test mail with the mail tab's current (unsaved) values; the outcome lands in testMailResult. */
  async sendTestMail(values: Record<string, unknown>, testMail: string): Promise<TestMailResult> {
    const items = this.group(MAIL_GROUP)?.list ?? [];
    this.sendingTestMail = true;
    this.testMailResult = null;
    let result: TestMailResult;
    try {
      result = { ok: true, msg: await this.client.sendTestMail(testMailBody(values, items, testMail)) };
    } catch (e) {
      result = { ok: false, msg: errorMessage(e) };
    }
    runInAction(() => {
      this.sendingTestMail = false;
      this.testMailResult = result;
    });
    return result;
  }

  clearTestMailResult(): void {
    this.testMailResult = null;
  }
}
