/** The module page's store: the list, switching an optional module, installing a package. */
import { makeAutoObservable, runInAction } from 'mobx';
import type { ModuleView } from '@contract/modules';
import { installModule, listModules, setModuleState } from '@/api/platform';
import { errorMessage } from '@/api/request';

export class ModulePageStore {
  list: ModuleView[] = [];
  loading = false;
  error = '';
  /** the module being switched, or `install` */
  busy = '';

  constructor(private readonly afterChange: () => Promise<unknown> = async () => undefined) {
    makeAutoObservable(this);
  }

  async load(): Promise<void> {
    this.loading = true;
    this.error = '';
    try {
      const res = await listModules();
      runInAction(() => (this.list = res.data.list));
    } catch (failure) {
      runInAction(() => (this.error = errorMessage(failure)));
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  async toggle(name: string, enabled: boolean): Promise<void> {
    this.busy = name;
    try {
      await setModuleState(name, enabled);
      await this.afterChange();
    } catch (failure) {
      runInAction(() => (this.error = errorMessage(failure)));
    } finally {
      runInAction(() => (this.busy = ''));
    }
    await this.load();
  }

  async install(file: File): Promise<void> {
    this.busy = 'install';
    this.error = '';
    try {
      await installModule(file);
    } catch (failure) {
      runInAction(() => (this.error = errorMessage(failure)));
    } finally {
      runInAction(() => (this.busy = ''));
    }
    await this.load();
  }
}
