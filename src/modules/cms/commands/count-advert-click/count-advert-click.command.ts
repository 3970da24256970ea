/** A visitor clicks an advert (`GET /api/cms/advertClick?id=`). */
export class CountAdvertClickCommand {
  constructor(readonly advertId: number) {}
}
