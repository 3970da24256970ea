/** A member buys paid content (`POST /api/cms/buy`). */
export class BuyContentCommand {
  constructor(
    readonly contentId: number,
    readonly memberId: number,
  ) {}
}
