import { checkMove, moveProgress, orderActions, stateActions, type OrderAction } from './states';

const all = () => true;
const only = (...nodes: string[]) => (node: string) => nodes.includes(node);

describe('order state → buttons', () => {
  describe('inbound', () => {
    it('offers edit, delete and audit while unaudited', () => {
      expect(stateActions('inbound', { audit_status: 0 })).toEqual(['view', 'edit', 'delete', 'audit']);
    });
    it('is read-only once audited', () => {
      expect(stateActions('inbound', { audit_status: 1 })).toEqual(['view']);
      expect(stateActions('inbound', { audit_status: '1' })).toEqual(['view']);
    });
    it('never offers ship, move or cancel', () => {
      for (const row of [{ audit_status: 0 }, { audit_status: 1, shipment_status: 0, status: 0 }]) {
        const actions = stateActions('inbound', row);
        expect(actions).not.toContain('ship');
        expect(actions).not.toContain('move');
        expect(actions).not.toContain('cancel');
      }
    });
  });

  describe('outbound', () => {
    it('unaudited: edit, delete, audit — not ship', () => {
      expect(stateActions('outbound', { audit_status: 0, shipment_status: 0 })).toEqual(['view', 'edit', 'delete', 'audit', 'reserve']);
      // reserved: locked until unreserved; in a wave: nothing until picked, then ship
      expect(stateActions('outbound', { audit_status: 0, shipment_status: 0, fulfilment_status: 1 })).toEqual(['view', 'audit', 'unreserve']);
      expect(stateActions('outbound', { audit_status: 0, shipment_status: 0, fulfilment_status: 2 })).toEqual(['view']);
      expect(stateActions('outbound', { audit_status: 0, shipment_status: 0, fulfilment_status: 3 })).toEqual(['view', 'ship']);
    });
    it('audited and unshipped: ship only', () => {
      expect(stateActions('outbound', { audit_status: 1, shipment_status: 0 })).toEqual(['view', 'ship']);
    });
    it('shipped: nothing more', () => {
      expect(stateActions('outbound', { audit_status: 1, shipment_status: 1 })).toEqual(['view']);
    });
  });

  describe('relocation', () => {
    const cases: Array<[number, number, OrderAction[]]> = [
      [0, 0, ['view', 'edit', 'delete', 'audit', 'cancel']],
      [0, 3, ['view', 'delete']],
      [1, 0, ['view', 'move', 'cancel']],
      [1, 1, ['view', 'move', 'cancel']],
      [1, 2, ['view']],
      [1, 3, ['view']],
    ];
    it.each(cases)('audit_status %i, status %i → %j', (audit, status, expected) => {
      expect(stateActions('relocation', { audit_status: audit, status })).toEqual(expected);
    });
  });

  describe('permissions', () => {
    it('keeps only the buttons whose node the admin has', () => {
      const row = { audit_status: 0 };
      expect(orderActions('inbound', row, all)).toEqual(['view', 'edit', 'delete', 'audit']);
      expect(orderActions('inbound', row, only('edit'))).toEqual(['view', 'edit']);
      expect(orderActions('inbound', row, only('del', 'audit'))).toEqual(['view', 'delete', 'audit']);
    });
    it('an auditor without write nodes only views', () => {
      const none = () => false;
      expect(orderActions('outbound', { audit_status: 1, shipment_status: 0 }, none)).toEqual(['view']);
      expect(orderActions('relocation', { audit_status: 1, status: 1 }, none)).toEqual(['view']);
    });
    it('asks for the node named after the action (del for delete)', () => {
      const asked: string[] = [];
      orderActions('relocation', { audit_status: 0, status: 0 }, (node) => {
        asked.push(node);
        return true;
      });
      expect(asked).toEqual(['edit', 'del', 'audit', 'cancel']);
      expect(orderActions('outbound', { audit_status: 1, shipment_status: 0 }, only('ship'))).toEqual(['view', 'ship']);
      expect(orderActions('relocation', { audit_status: 1, status: 1 }, only('move'))).toEqual(['view', 'move']);
    });
  });
});

describe('relocation moves', () => {
  const lines = [
    { id: 1, plan_quantity: 10, actual_quantity: 4 },
    { id: 2, plan_quantity: 5, actual_quantity: 5 },
    { id: 3, plan_quantity: 3, actual_quantity: 0 },
  ];

  it('knows what is left per line', () => {
    expect(moveProgress(lines[0])).toEqual({ plan: 10, moved: 4, remaining: 6 });
    expect(moveProgress(lines[1]).remaining).toBe(0);
    expect(moveProgress({ plan_quantity: 2, actual_quantity: 5 }).remaining).toBe(0);
  });

  it('posts only positive quantities up to what is left', () => {
    const r = checkMove(lines, { 1: 6, 3: 0 });
    expect(r.errors).toEqual({});
    expect(r.lines).toEqual([{ id: 1, quantity: 6 }]);
    expect(r.empty).toBe(false);
  });

  it('refuses more than the remainder and fractions; nothing typed is empty', () => {
    expect(checkMove(lines, { 1: 7 }).errors).toEqual({ 1: 'orders.move.tooMuch' });
    expect(checkMove(lines, { 3: 1.5 }).errors).toEqual({ 3: 'orders.validate.integer' });
    expect(checkMove(lines, { 2: 1 }).errors).toEqual({ 2: 'orders.move.tooMuch' });
    expect(checkMove(lines, {}).empty).toBe(true);
    expect(checkMove(lines, { 1: 0 }).empty).toBe(true);
  });
});
