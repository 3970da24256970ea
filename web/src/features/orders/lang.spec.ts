/**
 * The words of the warehouse-operation screens exist in both languages with the same keys and the same
 * {placeholders}.
 */
import { flatten } from '@/lang';

const FILES = ['orders', 'lots', 'pages/wms/inbound', 'pages/wms/outbound', 'pages/wms/relocation', 'pages/wms/adjustment', 'pages/wms/stocktake', 'pages/wms/stock', 'pages/wms/inventoryHistory'];

describe.each(FILES)('lang %s.json', (file) => {
  const zh = flatten(require(`@/lang/zh-cn/${file}.json`));
  const en = flatten(require(`@/lang/en/${file}.json`));

  it('has the same keys in zh-cn and en', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
  });

  it('has the same placeholders and no empty text', () => {
    const args = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
    for (const key of Object.keys(zh)) {
      expect([key, args(zh[key])]).toEqual([key, args(en[key])]);
      expect(zh[key].trim()).not.toBe('');
      expect(en[key].trim()).not.toBe('');
    }
  });
});
