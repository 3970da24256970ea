import { OrderKind } from '../../persistence/order-kinds';

/** Deletes unaudited orders with their lines; one audited (or moved) order refuses the whole request. */
export class DeleteOrdersCommand {
  constructor(
    readonly kind: OrderKind,
    readonly ids: number[],
  ) {}
}
