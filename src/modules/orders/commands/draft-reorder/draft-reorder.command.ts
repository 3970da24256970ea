import { AuthAdmin } from '../../../../shared/http/auth.decorators';

/** Write the reorder suggestions of a warehouse as unaudited purchase orders, one per supplier. */
export class DraftReorderCommand {
  constructor(
    readonly warehouseId: number,
    readonly productIds: number[] | undefined,
    readonly admin: AuthAdmin,
  ) {}
}
