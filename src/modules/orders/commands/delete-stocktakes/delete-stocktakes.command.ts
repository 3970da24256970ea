/** Deletes drafts and cancelled counts (all named or none). */
export class DeleteStocktakesCommand {
  constructor(readonly ids: number[]) {}
}
