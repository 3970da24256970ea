import { TransitionContext } from '../../../../shared/transitions';

export interface ConfirmTaskInput {
  from_code: string;
  product_code: string;
  /** Base units, or — when `product_code` is a unit's bar code — that unit's count. */
  quantity?: number;
  /** Entered in a unit (§14): the unit (0: the product's own; omitted: the unit scanned) and how many of it, instead of `quantity`. */
  unit_id?: number;
  unit_quantity?: number;
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
