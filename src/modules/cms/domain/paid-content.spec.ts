import { CURRENCY } from './content';
import { checkExtraValues, ContentModelError, parseModelFields } from './content-model';
import { chargeOf, mayReadInFull } from './paid-content';

describe('paid content', () => {
  it('charges cents of the balance or whole points of the score, nothing for free content', () => {
    expect(chargeOf('12.50', CURRENCY.rmb)).toEqual({ kind: 'money', amount: 1250 });
    expect(chargeOf('10.00', CURRENCY.integral)).toEqual({ kind: 'score', amount: 10 });
    expect(chargeOf('0.50', CURRENCY.integral)).toEqual({ kind: 'score', amount: 1 });
    expect(chargeOf('0.00', CURRENCY.rmb)).toBeNull();
    expect(mayReadInFull('0.00', false)).toBe(true);
    expect(mayReadInFull('1.00', false)).toBe(false);
    expect(mayReadInFull('1.00', true)).toBe(true);
  });
});

describe('content models', () => {
  const fields = parseModelFields([
    { name: 'author', title: 'Author', type: 'text', required: true },
    { name: 'pages', type: 'number' },
    { name: 'cover', type: 'image' },
    { name: 'format', type: 'select', options: 'paper\nebook', required: '1' },
  ]);

  it('reads fields with their options and required flags', () => {
    expect(fields.map((f) => [f.name, f.type, f.required, f.options])).toEqual([
      ['author', 'text', true, []],
      ['pages', 'number', false, []],
      ['cover', 'image', false, []],
      ['format', 'select', true, ['paper', 'ebook']],
    ]);
  });

  it('refuses bad names, repeated names, unknown types and a select without options', () => {
    const refused = (input: unknown) => {
      try {
        parseModelFields(input);
      } catch (error) {
        return (error as ContentModelError).key;
      }
      return null;
    };
    expect(refused([{ name: 'Bad Name', type: 'text' }])).toBe('model_field_name_invalid');
    expect(refused([{ name: 'a', type: 'text' }, { name: 'a', type: 'text' }])).toBe('model_field_name_taken');
    expect(refused([{ name: 'a', type: 'date' }])).toBe('model_field_type_invalid');
    expect(refused([{ name: 'a', type: 'select' }])).toBe('model_field_options_invalid');
    expect(refused('x')).toBe('model_fields_invalid');
  });

  it('checks values: required, numbers, options, safe images; drops unknown names', () => {
    expect(checkExtraValues(fields, { author: ' Ann ', pages: '120', format: 'ebook', other: 'x' })).toEqual({ author: 'Ann', pages: 120, format: 'ebook' });
    const refused = (values: unknown) => {
      try {
        checkExtraValues(fields, values);
      } catch (error) {
        return [(error as ContentModelError).key, (error as ContentModelError).args.field];
      }
      return null;
    };
    expect(refused({ format: 'paper' })).toEqual(['extra_required', 'Author']);
    expect(refused({ author: 'A', format: 'paper', pages: 'many' })).toEqual(['extra_number', 'pages']);
    expect(refused({ author: 'A', format: 'vinyl' })).toEqual(['extra_option', 'format']);
    expect(refused({ author: 'A', format: 'paper', cover: 'javascript:alert(1)' })).toEqual(['extra_invalid_value', 'cover']);
  });
});
