import { given } from '../../../shared/testing/given-when-then';
import { DEFAULT_RECYCLE_RULES, DEFAULT_SENSITIVE_RULES, fieldsOfRule, isNeverWatched, SECRET_FIELD } from './default-rules';

describe('the watched fields of a sensitive-data rule', () => {
  it('given a rule\'s data_fields JSON, then {column: label}, labels as text, column names that are not identifiers dropped', () => {
    given('{"price":"Price","safety_stock_num":7,"bad name":"x","x; DROP":"y","status":null}')
      .when(fieldsOfRule)
      .then((fields) => expect(fields).toEqual({ price: 'Price', safety_stock_num: '7', status: 'status' }));
  });

  it('given malformed JSON, an array, a scalar or nothing, then no fields', () => {
    given(['{oops', '["price"]', '42', 'null', null])
      .when((values) => values.map(fieldsOfRule))
      .then((fields) => expect(fields).toEqual([{}, {}, {}, {}, {}]));
  });

  it("given a member's money and score, then no rule may watch them; every other column may", () => {
    given<Array<[string, string]>>([
      ['user', 'money'],
      ['user', 'score'],
      ['user', 'nickname'],
      ['product', 'money'],
    ])
      .when((columns) => columns.map(([table, field]) => isNeverWatched(table, field)))
      .then((never) => expect(never).toEqual([true, true, false, false]));
  });

  it('given the default rules, then none watches a column no rule may watch, and every secret among them is logged without values', () => {
    given(DEFAULT_SENSITIVE_RULES)
      .when((rules) => rules.flatMap((rule) => Object.keys(rule.data_fields).map((field) => ({ table: rule.data_table, field }))))
      .then((watched) => {
        expect(watched.filter(({ table, field }) => isNeverWatched(table, field))).toEqual([]);
        expect(watched.filter(({ field }) => SECRET_FIELD.test(field))).toEqual([{ table: 'admin', field: 'password' }]);
      });
  });

  it('given the default recycle rules, then one per table, the account tables among them', () => {
    given(DEFAULT_RECYCLE_RULES)
      .when((rules) => rules.map((rule) => rule.data_table))
      .then((tables) => {
        expect(new Set(tables).size).toBe(tables.length);
        expect(tables).toEqual(expect.arrayContaining(['admin', 'user', 'product', 'adjustment_order']));
      });
  });
});
