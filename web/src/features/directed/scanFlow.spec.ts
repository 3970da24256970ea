import type { TaskView } from '@contract/directed';
import { scanned, startOf } from './scanFlow';

const task = { remaining: 4 } as TaskView;

describe('the scan flow of a task', () => {
  it('takes the shelf, then the product, then a quantity up to what remains', () => {
    let state = startOf(task);
    expect(state).toEqual({ step: 'shelf', fromCode: '', productCode: '', quantity: 4 });
    state = scanned(state, ' S1\n', task).state;
    state = scanned(state, 'P1', task).state;
    expect(state).toMatchObject({ step: 'quantity', fromCode: 'S1', productCode: 'P1' });
    expect(scanned(state, '3', task).state.quantity).toBe(3);
    expect(scanned(state, '5', task).error).toBe('quantity');
    expect(scanned(state, '', task).error).toBe('empty');
  });
});
