import { confirmTask, splitOverBreakdown, TaskState } from './task';

const task = (over: Partial<TaskState> = {}): TaskState => ({
  id: 1,
  type: 1,
  status: 1,
  wave_id: 1,
  warehouse_id: 1,
  from_shelf_id: 10,
  to_shelf_id: 20,
  product_id: 5,
  lot_no: '',
  quantity: 6,
  done_quantity: 0,
  sequence: 1,
  assignee_id: 7,
  breakdown: [
    { outbound_id: 1, line_id: 11, quantity: 4 },
    { outbound_id: 2, line_id: 21, quantity: 2 },
  ],
  ...over,
});
const scan = { fromShelfId: 10, productId: 5, quantity: 6, short: false };

describe('confirmTask', () => {
  it('given the right scans and all of it, when confirmed, then the task is done', () => {
    expect(confirmTask(task(), 7, scan)).toEqual({ done: 6, status: 2, shortfall: 0 });
  });
  it('given a wrong shelf, product or a quantity above what remains, when confirmed, then it is refused', () => {
    expect(() => confirmTask(task(), 7, { ...scan, fromShelfId: 11 })).toThrow('orders.task_wrong_shelf');
    expect(() => confirmTask(task(), 7, { ...scan, productId: 6 })).toThrow('orders.task_wrong_product');
    expect(() => confirmTask(task({ done_quantity: 2 }), 7, scan)).toThrow('orders.task_quantity_above_remaining');
    expect(() => confirmTask(task(), 8, scan)).toThrow('orders.task_claimed_by_other');
  });
  it('given less and short, when confirmed, then the task closes short with the shortfall', () => {
    expect(confirmTask(task(), 7, { ...scan, quantity: 4, short: true })).toEqual({ done: 4, status: 3, shortfall: 2 });
    expect(confirmTask(task(), 7, { ...scan, quantity: 4 })).toEqual({ done: 4, status: 1, shortfall: 0 });
  });
});

describe('splitOverBreakdown', () => {
  it('given entries partly picked, when a quantity is split, then each entry gets what it lacks in order', () => {
    const { parts, after } = splitOverBreakdown([{ outbound_id: 1, line_id: 11, quantity: 4, picked: 3 }, { outbound_id: 2, line_id: 21, quantity: 2 }], 2);
    expect(parts.map((p) => [p.entry.line_id, p.quantity])).toEqual([
      [11, 1],
      [21, 1],
    ]);
    expect(after.map((e) => e.picked)).toEqual([4, 1]);
  });
});
