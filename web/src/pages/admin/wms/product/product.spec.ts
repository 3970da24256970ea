import '@/test-support/dom-globals';
import { checkRule, formToBody, rowToForm } from '@/components/crud';
import { productFields } from './index';
import { imageList, imagesToForm, imagesToServer, isLowStock, validImageList } from './product';

describe('product helpers', () => {
  it('shows the comma-separated images one per line and posts them back comma-separated', () => {
    expect(imageList('/a.png, /b.png,,')).toEqual(['/a.png', '/b.png']);
    expect(imagesToForm('/a.png,/b.png')).toBe('/a.png\n/b.png');
    expect(imagesToServer('/a.png\n\n https://x.test/b.png \n')).toBe('/a.png,https://x.test/b.png');
    expect(imagesToServer('')).toBe('');
    expect(validImageList('/a.png\nhttps://x.test/b.png')).toBe(true);
    expect(validImageList('/a.png\nnot a url')).toBe(false);
  });

  it('warns below a positive safety stock only', () => {
    expect(isLowStock({ total_stock_num: 2, safety_stock_num: 5 })).toBe(true);
    expect(isLowStock({ total_stock_num: 5, safety_stock_num: 5 })).toBe(false);
    expect(isLowStock({ total_stock_num: 0, safety_stock_num: 0 })).toBe(false);
  });

  it('checks prices: at least 0, at most two decimals', () => {
    expect(checkRule('money', '19.99')).toBeNull();
    expect(checkRule('money', '0')).toBeNull();
    expect(checkRule('money', '12.345')).toBe('crud.validate.money');
    expect(checkRule('money', '-1')).toBe('crud.validate.money');
    expect(checkRule('money', 'abc')).toBe('crud.validate.money');
  });
});

describe('product form', () => {
  const row = {
    id: 9,
    product_no: 'P-1',
    bar_code: null,
    name: 'Crisps',
    brand_id: 0,
    category_id: 3,
    unit_id: 0,
    spec: '',
    price: '12.50',
    safety_stock_num: 5,
    total_stock_num: 42,
    warehouse_id: 1,
    warehouse_area_id: 2,
    warehouse_shelf_id: 0,
    images: '/a.png,/b.png',
    weigh: 9,
    status: 20,
    remark: '',
    effective_day: 30,
  };

  it('reads a row: no reference shows as empty, images as a list for the upload field, the total stock shown', () => {
    const values = rowToForm(productFields, row, 'edit');
    expect(values.brand_id).toBeUndefined();
    expect(values.warehouse_shelf_id).toBeUndefined();
    expect(values.category_id).toBe(3);
    expect(values.images).toEqual(['/a.png', '/b.png']);
    expect(values.total_stock_num).toBe(42);
    expect(values.price).toBe('12.50');
  });

  it('never posts the total stock, posts the price as the exact text', () => {
    const values = { ...rowToForm(productFields, row, 'edit'), price: ' 19.90 ', total_stock_num: 1000 };
    const body = formToBody(productFields, values, 'edit');
    expect(body).not.toHaveProperty('total_stock_num');
    expect(body.price).toBe('19.90');
    expect(body.images).toBe('/a.png,/b.png');
    expect(body.brand_id).toBeNull();
    expect(body.warehouse_area_id).toBe(2);
  });

  it('starts a new product on shelf, priced 0.00, without the total stock field', () => {
    const values = rowToForm(productFields, null, 'add');
    expect(values.status).toBe(10);
    expect(values.price).toBe('0.00');
    const body = formToBody(productFields, values, 'add');
    expect(body).not.toHaveProperty('total_stock_num');
  });
});
