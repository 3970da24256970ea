/** Published on the event bus after an order transition commits (for notices; stock never depends on them). */
export class OrderTransitionedEvent {
  constructor(
    readonly kind: 'inbound' | 'outbound' | 'relocation' | 'adjustment' | 'stocktake',
    readonly orderId: number,
    readonly transition: 'audited' | 'shipped' | 'moved' | 'cancelled' | 'started' | 'counted' | 'posted',
    readonly adminId: number,
    readonly stockEventIds: number[],
  ) {}
}
