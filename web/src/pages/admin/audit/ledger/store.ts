/** The ledger page's state: the digests and runs lists, the public key, and one verification at a time. */
import { makeAutoObservable, runInAction } from 'mobx';
import type { VerificationReport, VerifyMessage } from '@contract/ledger';
import { CrudTableStore, type CrudColumn } from '@/components/crud';
import { getLocale } from '@/lang';
import type { RootStore } from '@/stores/root';
import type { EventSourceLike } from '@/stores/terminal';
import { LEDGER_API, publicKey, verificationRuns, takeDigest, verifyUrl } from '@/api/inventory';

export class LedgerPageStore {
  readonly digests: CrudTableStore;
  readonly runs: CrudTableStore;
  publicKey = '';
  taking = false;
  verifying = false;
  progress: { phase: 'chain' | 'digest'; done: number; total: number } | null = null;
  report: VerificationReport | null = null;
  error = '';
  loading = false;
  private source: EventSourceLike | null = null;

  constructor(
    private readonly root: RootStore,
    digestColumns: CrudColumn[],
    runColumns: CrudColumn[],
  ) {
    this.digests = new CrudTableStore(root, { api: LEDGER_API, columns: digestColumns, quickSearchFields: ['audit.ledger.id', 'audit.ledger.root', 'audit.ledger.day'], limit: 10 });
    this.runs = new CrudTableStore(root, { api: LEDGER_API, client: verificationRuns(), columns: runColumns, quickSearchFields: ['audit.ledger.id', 'audit.ledger.problemStream'], limit: 10 });
    makeAutoObservable<LedgerPageStore, 'root' | 'source'>(this, { digests: false, runs: false, root: false, source: false });
  }

  async loadPublicKey(): Promise<void> {
    this.loading = true;
    try {
      const answer = await publicKey();
      runInAction(() => (this.publicKey = answer.public_key));
    } catch {
      // the request layer has shown why
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  async take(): Promise<void> {
    this.taking = true;
    try {
      await takeDigest();
      await this.digests.load();
    } catch {
      // shown by the request layer
    } finally {
      runInAction(() => (this.taking = false));
    }
  }

  /** Streams a verification: progress as it goes, then the answer (or why it could not run). */
  verify(digest: number | 'latest' | 'none' = 'latest'): void {
    if (this.verifying) return;
    this.verifying = true;
    this.report = null;
    this.error = '';
    this.progress = { phase: 'chain', done: 0, total: 0 };
    const source = this.root.eventSourceFactory(verifyUrl(digest, this.root.adminInfo.token, getLocale()));
    this.source = source;
    source.onmessage = (event) => {
      const message = JSON.parse(event.data) as VerifyMessage;
      runInAction(() => {
        if (message.type === 'progress') this.progress = { phase: message.phase, done: message.done, total: message.total };
        else if (message.type === 'result') this.finish(message.report, '');
        else this.finish(null, message.msg);
      });
    };
    // the server closes the stream after the answer; an error before it means the connection was lost
    source.onerror = () => runInAction(() => this.verifying && this.finish(null, 'audit.ledger.connectionLost'));
  }

  dispose(): void {
    this.source?.close();
    this.source = null;
  }

  private finish(report: VerificationReport | null, error: string): void {
    this.dispose();
    this.verifying = false;
    this.report = report;
    this.error = error;
    if (report) void this.runs.load();
  }
}
