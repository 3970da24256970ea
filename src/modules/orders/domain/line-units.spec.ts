import { given } from '../../../shared/testing/given-when-then';
import { BASE_UNIT, enterUnit, eventUnitOf } from './line-units';

const PALLET = { id: 7, product_id: 5, name: 'pallet', factor: 720 };
const CASE = { id: 8, product_id: 5, name: 'case', factor: 12 };

describe('enterUnit', () => {
  it('given 3 pallets of 60 cases of 12, 5 cases and 7 each, when entered, then the base quantities add up to 2,227', () => {
    const pallets = enterUnit({ unit_id: 7, unit_quantity: 3 }, PALLET, 5, 1);
    const cases = enterUnit({ unit_id: 8, unit_quantity: 5 }, CASE, 5, 2);
    const each = enterUnit({ unit_id: 0, unit_quantity: 7 }, undefined, 5, 3);
    expect(pallets).toEqual({ quantity: 2160, unit: { unit_id: 7, unit_quantity: 3, unit_name: 'pallet', factor: 720 } });
    expect(cases.quantity).toBe(60);
    expect(each).toEqual({ quantity: 7, unit: BASE_UNIT });
    expect(pallets.quantity + cases.quantity + each.quantity).toBe(2227);
  });

  it('given a signed count of cases (an adjustment out), when entered, then the base quantity keeps the sign', () => {
    given({ unit_id: 8, unit_quantity: -2 }).when((entry) => enterUnit(entry, CASE, 5, 1)).then((result) => expect(result.quantity).toBe(-24));
  });

  it("given another product's unit, when entered, then the line is refused naming the unit", () => {
    given({ unit_id: 8, unit_quantity: 1 })
      .when((entry) => enterUnit(entry, CASE, 6, 2))
      .thenRefused('orders.unit_not_of_product', { line: 2, unit: 'case' });
  });

  it('given a unit that does not exist, when entered, then the line is refused', () => {
    given({ unit_id: 99, unit_quantity: 1 }).when((entry) => enterUnit(entry, undefined, 5, 1)).thenRefused('orders.unknown_unit', { line: 1 });
  });

  it('given a count that overflows a line, when entered, then it is refused', () => {
    given({ unit_id: 7, unit_quantity: 900_000_000 }).when((entry) => enterUnit(entry, PALLET, 5, 1)).thenRefused('orders.unit_quantity_too_large');
  });
});

describe('eventUnitOf', () => {
  it('given a line entered in cases, then its events keep the case; in the own unit, then none', () => {
    expect(eventUnitOf({ unit_id: 8, unit_name: 'case', factor: 12 })).toEqual({ unit: { name: 'case', factor: 12 } });
    expect(eventUnitOf(BASE_UNIT)).toEqual({});
  });
});
