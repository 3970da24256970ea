import { AppError } from '../http/app-error';

/**
 * How many print jobs run at once: at most `perProcess` in the process and `perOwner` for one admin. A job is
 * admitted before its answer starts, or refused with a translated "busy, try again" (code 0); it keeps its
 * place until the release it was given is called (once; calling again does nothing).
 */
export class PrintAdmission {
  private running = 0;
  private readonly byOwner = new Map<number, number>();

  constructor(
    readonly perProcess: number,
    readonly perOwner: number,
  ) {}

  admit(owner: number): () => void {
    const mine = this.byOwner.get(owner) ?? 0;
    if (mine >= this.perOwner) throw new AppError('documents.print_busy_admin', { max: this.perOwner });
    if (this.running >= this.perProcess) throw new AppError('documents.print_busy');
    this.running++;
    this.byOwner.set(owner, mine + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      const left = (this.byOwner.get(owner) ?? 1) - 1;
      if (left > 0) this.byOwner.set(owner, left);
      else this.byOwner.delete(owner);
    };
  }

  /** Jobs running now (all, or one owner's). */
  count(owner?: number): number {
    return owner === undefined ? this.running : (this.byOwner.get(owner) ?? 0);
  }
}
