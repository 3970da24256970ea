import { decodeConfigValue, encodeConfigValue, validTimeZone } from './config-value';

describe('config values', () => {
  it('decodes JSON types, falling back to an empty list', () => {
    expect(decodeConfigValue('array', '[{"key":"a","value":"b"}]')).toEqual([{ key: 'a', value: 'b' }]);
    expect(decodeConfigValue('checkbox', '["1","2"]')).toEqual(['1', '2']);
    expect(decodeConfigValue('selects', '')).toEqual([]);
    expect(decodeConfigValue('array', '{broken')).toEqual([]);
    expect(decodeConfigValue('array', '"text"')).toEqual([]);
  });

  it('decodes switches, comma lists and plain text', () => {
    expect(decodeConfigValue('switch', '1')).toBe(true);
    expect(decodeConfigValue('switch', '0')).toBe(false);
    expect(decodeConfigValue('city', '1, 2,,3')).toEqual(['1', '2', '3']);
    expect(decodeConfigValue('remoteSelects', '')).toEqual([]);
    expect(decodeConfigValue('string', 'v1.0.0')).toBe('v1.0.0');
    expect(decodeConfigValue('password', null)).toBe('');
  });

  it('encodes what it decodes', () => {
    for (const [type, raw] of [
      ['array', '[{"key":"a","value":"b"}]'],
      ['switch', '1'],
      ['switch', '0'],
      ['city', '1,2,3'],
      ['string', 'x'],
    ]) {
      expect(encodeConfigValue(type, decodeConfigValue(type, raw))).toBe(raw);
    }
    expect(encodeConfigValue('string', null)).toBe('');
  });

  it('accepts only time zones the runtime knows', () => {
    expect(validTimeZone('Asia/Shanghai')).toBe('Asia/Shanghai');
    expect(validTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(validTimeZone('Mars/Olympus')).toBeNull();
    expect(validTimeZone('')).toBeNull();
  });
});
