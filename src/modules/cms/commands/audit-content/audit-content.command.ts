import { TransitionContext } from '../../../../shared/transitions';

/** Publish (1), refuse (2, with the reason the author reads) or take offline content (`cms.Content/audit`). */
export class AuditContentCommand {
  constructor(
    readonly id: number,
    readonly status: number,
    readonly memo: string,
    readonly context: TransitionContext,
  ) {}
}
