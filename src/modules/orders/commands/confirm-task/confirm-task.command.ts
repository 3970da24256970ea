import { TransitionContext } from '../../../../shared/transitions';

export interface ConfirmTaskInput {
  from_code: string;
  product_code: string;
  quantity: number;
  lot_no?: string;
  to_code?: string;
  short?: boolean;
  /** A putaway onto another shelf than suggested, past its capacity or mixing (with a reason). */
  force?: boolean;
  reason?: string;
  /** A serial-tracked product: one serial per unit confirmed (§14). */
  serials?: string[];
}

/** Confirm a task by scan: the source shelf and the product scanned, the quantity done; `short` closes it with less. */
export class ConfirmTaskCommand {
  constructor(
    readonly id: number,
    readonly input: ConfirmTaskInput,
    readonly context: TransitionContext,
  ) {}
}
