import { buildRules, checkRule, maxLengthRule } from './validators';

describe('checkRule', () => {
  it('required rejects empty values only', () => {
    expect(checkRule('required', '')).toBe('validate.required');
    expect(checkRule('required', '  ')).toBe('validate.required');
    expect(checkRule('required', [])).toBe('validate.required');
    expect(checkRule('required', 0)).toBeNull();
    expect(checkRule('required', 'x')).toBeNull();
  });

  it('account: 3–15 characters, starting with a letter, letters digits underscore', () => {
    expect(checkRule('account', 'admin_1')).toBeNull();
    expect(checkRule('account', 'ab')).toBe('validate.account');
    expect(checkRule('account', '1abc')).toBe('validate.account');
    expect(checkRule('account', 'a'.repeat(16))).toBe('validate.account');
    expect(checkRule('account', 'a-b-c')).toBe('validate.account');
    expect(checkRule('account', '')).toBeNull();
  });

  it('password: 6–32 characters without & < > " \'', () => {
    expect(checkRule('password', 'secret')).toBeNull();
    expect(checkRule('password', 'short')).toBe('validate.password');
    expect(checkRule('password', 'x'.repeat(33))).toBe('validate.password');
    for (const bad of ['abc&def', 'abc<def', 'abc>def', 'abc"def', "abc'def"]) expect(checkRule('password', bad)).toBe('validate.password');
  });

  it('editor: a required rich-text body, empty markup counts as empty', () => {
    expect(checkRule('editor', '<p><br></p>')).toBe('validate.editorEmpty');
    expect(checkRule('editor', '<p>&nbsp;</p>')).toBe('validate.editorEmpty');
    expect(checkRule('editor', '')).toBe('validate.editorEmpty');
    expect(checkRule('editor', '<p>Text</p>')).toBeNull();
    expect(checkRule('editor', '<p><img src="/storage/a.png"></p>')).toBeNull();
    expect(checkRule('name', 'a b')).toBe('validate.name');
    expect(checkRule('name', 'site_name')).toBeNull();
  });

  it('email, mobile, number, integer, url and custom rules', () => {
    expect(checkRule('email', 'a@b.co')).toBeNull();
    expect(checkRule('email', 'a@b')).toBe('validate.email');
    expect(checkRule('mobile', '13800138000')).toBeNull();
    expect(checkRule('mobile', '12800138000')).toBe('validate.mobile');
    expect(checkRule('number', '1.5')).toBeNull();
    expect(checkRule('number', 'x')).toBe('crud.validate.number');
    expect(checkRule('integer', '-3')).toBeNull();
    expect(checkRule('integer', '1.5')).toBe('crud.validate.integer');
    expect(checkRule('url', 'https://example.com/a')).toBeNull();
    expect(checkRule('url', 'example')).toBe('crud.validate.url');
    const even = { test: (v: number) => v % 2 === 0, message: 'must.be.even' };
    expect(checkRule(even, 3)).toBe('must.be.even');
    expect(checkRule(even, 4)).toBeNull();
  });
});

describe('buildRules', () => {
  it('gives Arco rules with translated messages, per mode', () => {
    const t = jest.fn((key: string, args?: any) => `${key}|${args?.field ?? ''}`);
    const specs = (mode: 'add' | 'edit') => (mode === 'add' ? ['required' as const, 'password' as const] : ['password' as const]);
    const addRules = buildRules(specs, 'add', t, 'Password');
    expect(addRules).toHaveLength(2);
    expect(addRules[0].required).toBe(true);
    const messages: Array<string | undefined> = [];
    addRules[0].validator('', (m) => messages.push(m));
    addRules[1].validator('abc', (m) => messages.push(m));
    addRules[1].validator('abcdef', (m) => messages.push(m));
    expect(messages).toEqual(['validate.required|Password', 'validate.password|Password', undefined]);
    const editRules = buildRules(specs, 'edit', t, 'Password');
    expect(editRules).toHaveLength(1);
    editRules[0].validator('', (m) => messages.push(m));
    expect(messages.at(-1)).toBeUndefined();
  });
});

describe('money and maxLength', () => {
  it('money: an amount ≥ 0 with at most two decimals', () => {
    expect(checkRule('money', '0')).toBeNull();
    expect(checkRule('money', '19.9')).toBeNull();
    expect(checkRule('money', '19.99')).toBeNull();
    expect(checkRule('money', '19.999')).toBe('crud.validate.money');
    expect(checkRule('money', '-1')).toBe('crud.validate.money');
    expect(checkRule('money', '1e3')).toBe('crud.validate.money');
    expect(checkRule('money', '')).toBeNull();
  });

  it('maxLength passes its limit to the message', () => {
    const t = jest.fn((key: string, args?: any) => `${key}|${args?.field}|${args?.max}`);
    const [rule] = buildRules([maxLengthRule(3)], 'add', t, 'Code');
    const messages: Array<string | undefined> = [];
    rule.validator('abc', (m) => messages.push(m));
    rule.validator('abcd', (m) => messages.push(m));
    expect(messages).toEqual([undefined, 'crud.validate.maxLength|Code|3']);
  });
});
