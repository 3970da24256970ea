import {
  addItemBody,
  bodyValueOf,
  draftItem,
  formValueOf,
  groupBody,
  groupFormValues,
  inputPropsOf,
  parseOptionLines,
  rulesOf,
  SECRET_MASK,
  siteConfigPatch,
  testMailBody,
  type ConfigIndexData,
  type ConfigItem,
} from './configForm';
import { checkRule } from '@/components/crud/validators';

let nextId = 1;
const item = (partial: Partial<ConfigItem> & Pick<ConfigItem, 'name' | 'type'>): ConfigItem => ({
  id: nextId++,
  group: 'basics',
  title: partial.name,
  tip: '',
  value: '',
  content: {},
  rule: '',
  extend: {},
  allow_del: 0,
  weigh: 0,
  ...partial,
});

describe('config form values', () => {
  it('gives each control the value it holds', () => {
    expect(formValueOf({ type: 'switch', value: true })).toBe(true);
    expect(formValueOf({ type: 'switch', value: '0' })).toBe(false);
    expect(formValueOf({ type: 'number', value: '465' })).toBe(465);
    expect(formValueOf({ type: 'number', value: '' })).toBeUndefined();
    expect(formValueOf({ type: 'array', value: [{ key: 'a', value: 1 }] })).toEqual([{ key: 'a', value: '1' }]);
    expect(formValueOf({ type: 'array', value: 'broken' })).toEqual([]);
    expect(formValueOf({ type: 'checkbox', value: ['x', 'y'] })).toEqual(['x', 'y']);
    expect(formValueOf({ type: 'images', value: '/a.png, /b.png' })).toEqual(['/a.png', '/b.png']);
    expect(formValueOf({ type: 'password', value: SECRET_MASK })).toBe(SECRET_MASK);
    expect(formValueOf({ type: 'string', value: null })).toBe('');
  });

  it('sends what the server reads', () => {
    expect(bodyValueOf({ type: 'switch' }, true)).toBe(1);
    expect(bodyValueOf({ type: 'switch' }, false)).toBe(0);
    expect(bodyValueOf({ type: 'number' }, undefined)).toBe('');
    expect(bodyValueOf({ type: 'number' }, 587)).toBe(587);
    expect(bodyValueOf({ type: 'array' }, [{ key: ' a ', value: '1' }, { key: '', value: ' ' }])).toEqual([{ key: 'a', value: '1' }]);
    expect(bodyValueOf({ type: 'selects' }, undefined)).toEqual([]);
    expect(bodyValueOf({ type: 'string' }, undefined)).toBe('');
  });

  it('round-trips a group: the mask of a secret goes back as it came', () => {
    const items = [
      item({ name: 'site_name', type: 'string', value: 'Depot' }),
      item({ name: 'smtp_pass', type: 'password', value: SECRET_MASK }),
      item({ name: 'smtp_port', type: 'string', value: '465' }),
      item({ name: 'open', type: 'switch', value: false }),
    ];
    const values = groupFormValues(items);
    expect(groupBody(items, values)).toEqual({ site_name: 'Depot', smtp_pass: SECRET_MASK, smtp_port: '465', open: 0 });
    // fields the form does not hold are not sent
    expect(groupBody(items, { site_name: 'New' })).toEqual({ site_name: 'New' });
  });

  it('checks the item rules on the client as the server does', () => {
    const url = rulesOf(item({ name: 'u', type: 'string', rule: 'required,url' }));
    expect(url[0]).toBe('required');
    expect(checkRule(url[1], 'https://example.com')).toBeNull();
    // the crud url rule would accept a path; the server's url rule does not
    expect(checkRule(url[1], '/relative')).toBe('crud.validate.url');
    expect(rulesOf(item({ name: 'n', type: 'string', rule: 'number, eval' }))).toEqual(['number']);
    expect(rulesOf(item({ name: 's', type: 'switch', rule: 'required' }))).toEqual([]);
    expect(rulesOf(item({ name: 'c', type: 'checkbox', rule: 'required,number' }))).toEqual(['required']);
  });

  it('takes only known input attributes from extend', () => {
    expect(inputPropsOf({ extend: { placeholder: 'Say hi', maxLength: '20', onClick: 'alert(1)', min: 'x' } })).toEqual({ placeholder: 'Say hi', maxLength: 20 });
  });
});

describe('the add dialog', () => {
  it('reads options from key=value lines', () => {
    expect(parseOptionLines('a=Apple\n b = Banana \n\nc\na=again')).toEqual({ a: 'Apple', b: 'Banana', c: 'c' });
  });

  it('drafts the default-value control from the chosen type and options', () => {
    expect(draftItem({ type: 'select', content: 'x=X' })).toMatchObject({ type: 'select', content: { x: 'X' } });
    expect(draftItem({ type: 'string', content: 'x=X' }).content).toEqual({});
  });

  it('builds the add body, options only for option types', () => {
    expect(addItemBody({ name: ' shop_hint ', group: 'basics', title: ' Hint ', type: 'string', content: 'a=1', rule: ['required', 'email'], weigh: null })).toEqual({
      name: 'shop_hint',
      group: 'basics',
      title: 'Hint',
      tip: '',
      type: 'string',
      rule: 'required,email',
      content: '',
      extend: '',
      weigh: 0,
      value: '',
    });
    expect(addItemBody({ name: 'flag', group: 'basics', title: 'Flag', type: 'switch' }).value).toBe(0);
    expect(addItemBody({ name: 'mode', group: 'basics', title: 'Mode', type: 'radio', content: 'a=A', value: 'a' })).toMatchObject({ content: 'a=A', value: 'a' });
  });
});

describe('test mail and site config', () => {
  it('sends the SMTP fields of the mail tab with the recipient', () => {
    const items = [item({ name: 'smtp_server', type: 'string' }), item({ name: 'smtp_port', type: 'number' }), item({ name: 'smtp_pass', type: 'password' })];
    expect(testMailBody({ smtp_server: 'smtp.example.com', smtp_port: 465, smtp_pass: SECRET_MASK, other: 'x' }, items, ' boss@example.com ')).toEqual({
      smtp_server: 'smtp.example.com',
      smtp_port: 465,
      smtp_pass: SECRET_MASK,
      testMail: 'boss@example.com',
    });
  });

  it('takes the site name, record number and version from an answer', () => {
    const data: ConfigIndexData = {
      list: { basics: { name: 'basics', title: 'Basics', list: [item({ name: 'site_name', type: 'string', value: 'Depot' }), item({ name: 'version', type: 'string', value: 'v2' })] } },
      configGroup: { basics: 'Basics' },
      quickEntrance: [],
      remark: '',
    };
    expect(siteConfigPatch(data)).toEqual({ siteName: 'Depot', version: 'v2' });
    data.list.basics.list.push(item({ name: 'time_zone', type: 'string', value: 'Europe/Berlin' }));
    expect(siteConfigPatch(data)).toEqual({ siteName: 'Depot', version: 'v2', timeZone: 'Europe/Berlin' });
  });
});
