import type { TaskView } from '@contract/directed';
import { scanned, startOf } from './scanFlow';

const task = { type: 1, remaining: 4 } as TaskView;

describe('the scan flow of a task', () => {
  it('takes the shelf, then the product, then a quantity up to what remains', () => {
    let state = startOf(task);
    expect(state).toEqual({ step: 'shelf', fromCode: '', productCode: '', toCode: '', quantity: 4 });
    state = scanned(state, ' S1\n', task).state;
    state = scanned(state, 'P1', task).state;
    expect(state).toMatchObject({ step: 'quantity', fromCode: 'S1', productCode: 'P1' });
    expect(scanned(state, '3', task).state.quantity).toBe(3);
    expect(scanned(state, '5', task).error).toBe('quantity');
    expect(scanned(state, '', task).error).toBe('empty');
  });

  it('given a putaway, when the product is scanned, then the shelf it goes on is scanned before the quantity', () => {
    const putaway = { type: 2, remaining: 70 } as TaskView;
    let state = scanned(scanned(startOf(putaway), 'DOCK', putaway).state, 'P1', putaway).state;
    expect(state.step).toBe('target');
    state = scanned(state, 'B2', putaway).state;
    expect(state).toMatchObject({ step: 'quantity', fromCode: 'DOCK', productCode: 'P1', toCode: 'B2', quantity: 70 });
  });
});
