import '@/test-support/dom-globals';
import { fieldsToClear } from '@/components/crud';
import { areaParams, areaSearchParams, codeLabel, locationFields, refCell, refToForm, refValue, shelfParams, shelfSearchParams } from './location';

const labels = { warehouse: 'W', area: 'A', shelf: 'S' };

describe('location helpers', () => {
  it('labels a row as "Name (CODE)" and a joined cell the same way', () => {
    expect(codeLabel({ id: 1, name: 'North', serial_no: 'N-1' })).toBe('North (N-1)');
    expect(codeLabel({ id: 2, name: 'North' })).toBe('North');
    expect(codeLabel({ id: 3, name: '' })).toBe('#3');
    expect(refCell('area')(undefined, { area: { id: 4, name: 'Zone', serial_no: 'Z' } })).toBe('Zone (Z)');
    expect(refCell('area')(undefined, { area: null })).toBe('-');
  });

  it('treats 0, "" and null references as none', () => {
    expect([0, '0', '', null, undefined].map(refValue)).toEqual([null, null, null, null, null]);
    expect(refValue(5)).toBe(5);
    expect(refToForm(0)).toBeUndefined();
    expect(refToForm(7)).toBe(7);
  });

  it('asks for the areas of the chosen warehouse and the shelves of the chosen area', () => {
    expect(areaParams({ warehouse_id: 3 })).toEqual({ warehouse_id: 3 });
    expect(areaParams({})).toEqual({ warehouse_id: '' });
    expect(shelfParams({ warehouse_id: 3, warehouse_area_id: 8 })).toEqual({ warehouse_id: 3, warehouse_area_id: 8 });
    expect(shelfParams({ warehouse_id: 3, warehouse_area_id: 0 })).toEqual({ warehouse_id: 3, warehouse_area_id: '' });
    // search forms read the values of the joined-name columns
    expect(areaSearchParams({ 'warehouse.name': 2 })).toEqual({ warehouse_id: 2 });
    expect(shelfSearchParams({ 'warehouse.name': 2, 'area.name': 5 })).toEqual({ warehouse_id: 2, warehouse_area_id: 5 });
  });
});

describe('locationFields', () => {
  it('builds warehouse → area → shelf selects that clear the levels below, transitively', () => {
    const fields = locationFields({ labels, withShelf: true, required: false });
    expect(fields.map((f) => f.prop)).toEqual(['warehouse_id', 'warehouse_area_id', 'warehouse_shelf_id']);
    expect(fieldsToClear(fields, ['warehouse_id'])).toEqual(['warehouse_area_id', 'warehouse_shelf_id']);
    expect(fieldsToClear(fields, ['warehouse_area_id'])).toEqual(['warehouse_shelf_id']);
    expect(fieldsToClear(fields, ['warehouse_shelf_id'])).toEqual([]);
    expect(fields.every((f) => !f.rules || (f.rules as unknown[]).length === 0)).toBe(true);
  });

  it('keeps a level disabled until the level above is chosen, and filters it by that choice', () => {
    const [, area, shelf] = locationFields({ labels, withShelf: true, required: false });
    const disabled = (f: typeof area, values: Record<string, unknown>) => (typeof f.disabled === 'function' ? f.disabled('add', null, values) : f.disabled);
    expect(disabled(area, {})).toBe(true);
    expect(disabled(area, { warehouse_id: 1 })).toBe(false);
    expect(disabled(shelf, { warehouse_id: 1 })).toBe(true);
    expect(disabled(shelf, { warehouse_id: 1, warehouse_area_id: 2 })).toBe(false);
    expect(area.remoteParams?.({ warehouse_id: 1 })).toEqual({ warehouse_id: 1 });
    expect(shelf.remoteParams?.({ warehouse_id: 1, warehouse_area_id: 2 })).toEqual({ warehouse_id: 1, warehouse_area_id: 2 });
  });

  it('stops at the area for a shelf form, with required levels', () => {
    const fields = locationFields({ labels, withShelf: false, required: true });
    expect(fields.map((f) => f.prop)).toEqual(['warehouse_id', 'warehouse_area_id']);
    expect(fields.map((f) => f.rules)).toEqual([['required'], ['required']]);
    expect(fieldsToClear(fields, ['warehouse_id'])).toEqual(['warehouse_area_id']);
  });
});
