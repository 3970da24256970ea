import { storedDefault } from './table-catalog';

describe('storedDefault', () => {
  it('reads SQLite literals', () => {
    expect(storedDefault("''", false)).toBe('');
    expect(storedDefault("'0.00'", false)).toBe('0.00');
    expect(storedDefault('1', false)).toBe('1');
    expect(storedDefault("'it''s'", false)).toBe("it's");
    expect(storedDefault(undefined, false)).toBeNull();
  });

  it('reads what the MySQL reader makes of information_schema (MariaDB and MySQL)', () => {
    expect(storedDefault("''''", true)).toBe('');
    expect(storedDefault("'NULL'", true)).toBeNull();
    expect(storedDefault("'1'", true)).toBe('1');
    expect(storedDefault("'0.00'", true)).toBe('0.00');
    expect(storedDefault("''", true)).toBe('');
    expect(storedDefault(null, true)).toBeNull();
  });
});
