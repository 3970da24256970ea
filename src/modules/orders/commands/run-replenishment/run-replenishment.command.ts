/** Run replenishment for the pick faces of a warehouse (or all). */
export class RunReplenishmentCommand {
  constructor(readonly warehouseId: number | undefined) {}
}
