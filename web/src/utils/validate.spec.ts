import { contentRequired, editorRequired, isAccount, isContentEmpty, isEditorEmpty, isEmail, isMobile, isName, isPassword, isIdNumber, rule, required, validateValue } from './validate';
import { setLocale, t } from '@/lang';

describe('validate', () => {
  it('account: 3–15 characters, starting with a letter, letters digits and underscore only', () => {
    for (const ok of ['abc', 'admin', 'a_1', 'Abcdefghijklmno', 'user_01']) expect(isAccount(ok)).toBe(true);
    for (const bad of ['ab', '1abc', '_abc', 'Abcdefghijklmnop', 'ab-c', 'ab c', 'ab@c', '管理员']) expect(isAccount(bad)).toBe(false);
  });

  it('password: 6–32 characters without & < > " \'', () => {
    for (const ok of ['123456', 'abc def!', 'x'.repeat(32), 'Pa$$w0rd#%']) expect(isPassword(ok)).toBe(true);
    for (const bad of ['12345', 'x'.repeat(33), 'abc&def', 'abc<def', 'abc>def', 'abc"def', "abc'def"]) expect(isPassword(bad)).toBe(false);
  });

  it('mobile, e-mail and ID number', () => {
    expect(isMobile('13812345678')).toBe(true);
    expect(isMobile('12812345678')).toBe(false);
    expect(isMobile('1381234567')).toBe(false);
    expect(isEmail('someone@example.com')).toBe(true);
    expect(isEmail('a.b+c@mail.example.cn')).toBe(true);
    expect(isEmail('someone@')).toBe(false);
    expect(isEmail('someone example.com')).toBe(false);
    expect(isIdNumber('11010519491231002X')).toBe(true);
    expect(isIdNumber('1101051949')).toBe(false);
  });

  it('gives the key of the translated message, and lets empty values through to the required rule', () => {
    expect(validateValue('account', '1ab')).toBe('validate.account');
    expect(validateValue('password', 'abc')).toBe('validate.password');
    expect(validateValue('mobile', '123')).toBe('validate.mobile');
    expect(validateValue('email', 'x')).toBe('validate.email');
    expect(validateValue('password', 'secret1')).toBeNull();
    expect(validateValue('password', '')).toBeNull();
  });

  it('builds Arco form rules with messages in the current language', async () => {
    await setLocale('en');
    const cb = jest.fn();
    rule('password', t).validator('a<b', cb);
    expect(cb).toHaveBeenLastCalledWith(t('validate.password'));
    expect(t('validate.password')).toContain('6 to 32');
    rule('password', t).validator('good-password', cb);
    expect(cb).toHaveBeenLastCalledWith(undefined);
    await setLocale('zh-cn');
    rule('account', t).validator('9x', cb);
    expect(cb).toHaveBeenLastCalledWith('3 到 15 位，以字母开头，只能包含字母、数字和下划线');
    expect(required(t)).toEqual({ required: true, message: '此项为必填项' });
  });

  it('editor content: markup with no text and no image or media is empty', () => {
    for (const empty of [undefined, null, '', '   ', '<p></p>', '<p><br></p>', '<p>&nbsp;</p>', '<p> &nbsp; </p>\n<p><br/></p>', '<ul><li><p></p></li></ul>', '<p>\u00a0\u200b</p>', '<!-- x --><p></p>', '<h2> </h2><blockquote><p><br></p></blockquote>'])
      expect(isEditorEmpty(empty)).toBe(true);
    for (const filled of ['x', '<p>Hello</p>', '<p>&nbsp;a</p>', '<p><img src="/storage/a.png"></p>', '<p><video src="/storage/a.mp4"></video></p>', '<p>&amp;</p>', '<p>0</p>'])
      expect(isEditorEmpty(filled)).toBe(false);
  });

  it('content and name', () => {
    expect(isContentEmpty('  \n ')).toBe(true);
    expect(isContentEmpty(' a ')).toBe(false);
    for (const ok of ['site_name', '_x', '$y', 'a1', '名称']) expect(isName(ok)).toBe(true);
    for (const bad of ['1a', 'a-b', 'a b', '']) expect(isName(bad)).toBe(false);
    expect(validateValue('name', '9lives')).toBe('validate.name');
    expect(validateValue('name', 'nine_lives')).toBeNull();
  });

  it('answers the empty-editor, content and name messages in both languages', async () => {
    const cb = jest.fn();
    await setLocale('en');
    editorRequired(t).validator('<p><br></p>', cb);
    expect(cb).toHaveBeenLastCalledWith('The editor content cannot be empty');
    editorRequired(t).validator('<p>Body</p>', cb);
    expect(cb).toHaveBeenLastCalledWith(undefined);
    contentRequired(t).validator(' ', cb);
    expect(cb).toHaveBeenLastCalledWith('The content cannot be empty');
    rule('name', t).validator('a-b', cb);
    expect(cb).toHaveBeenLastCalledWith('Please enter a valid name');
    await setLocale('zh-cn');
    editorRequired(t).validator('<p>&nbsp;</p>', cb);
    expect(cb).toHaveBeenLastCalledWith('编辑器内容不能为空');
    contentRequired(t).validator('', cb);
    expect(cb).toHaveBeenLastCalledWith('内容不能为空');
    rule('name', t).validator('1x', cb);
    expect(cb).toHaveBeenLastCalledWith('请输入正确的名称');
    expect(editorRequired(t).required).toBe(true);
  });
});
