import { checkCode, codeKey, generateCode, hashCode, isCodeEvent, MAX_CODE_ATTEMPTS, newSalt, purposeOf } from './verification-code';

describe('verification codes', () => {
  const now = 1_800_000_000;
  const stored = (code: string, attempts = 0, expiretime = now + 600) => {
    const salt = newSalt();
    return { salt, code_hash: hashCode(salt, code), attempts, expiretime };
  };

  it('generates six digits', () => {
    for (let i = 0; i < 50; i++) expect(generateCode()).toMatch(/^\d{6}$/);
  });

  it('matches the right code only, before it expires', () => {
    expect(checkCode(stored('123456'), '123456', now)).toEqual({ outcome: 'match' });
    expect(checkCode(stored('123456'), ' 123456 ', now)).toEqual({ outcome: 'match' });
    expect(checkCode(stored('123456'), '654321', now)).toEqual({ outcome: 'wrong', attempts: 1, void: false });
    expect(checkCode(stored('123456', 0, now - 1), '123456', now)).toEqual({ outcome: 'void' });
    expect(checkCode(null, '123456', now)).toEqual({ outcome: 'void' });
  });

  it('voids a code after the last allowed wrong answer', () => {
    expect(checkCode(stored('123456', MAX_CODE_ATTEMPTS - 1), '000000', now)).toEqual({ outcome: 'wrong', attempts: MAX_CODE_ATTEMPTS, void: true });
    expect(checkCode(stored('123456', MAX_CODE_ATTEMPTS), '123456', now)).toEqual({ outcome: 'void' });
  });

  it('keys codes by channel, event and address (e-mail case-insensitive)', () => {
    expect(codeKey('email', 'user_register', 'A@Example.com ')).toBe(codeKey('email', 'user_register', 'a@example.com'));
    expect(codeKey('email', 'user_register', 'a@example.com')).not.toBe(codeKey('email', 'user_retrieve_pwd', 'a@example.com'));
  });

  it('knows the events of each channel and their purposes', () => {
    expect(isCodeEvent('email', 'user_change_email')).toBe(true);
    expect(isCodeEvent('email', 'user_change_mobile')).toBe(false);
    expect(isCodeEvent('mobile', 'user_mobile_verify')).toBe(true);
    expect(purposeOf('user_register')).toBe('register');
    expect(purposeOf('user_retrieve_pwd')).toBe('retrieve');
    expect(purposeOf('user_change_mobile')).toBe('change');
    expect(purposeOf('user_email_verify')).toBe('verify');
  });
});
