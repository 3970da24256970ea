import { gs1CheckDigit, sscc, ssccElementString, validCompanyPrefix } from './sscc';

describe('SSCC', () => {
  it('computes the GS1 mod-10 check digit of known GS1 examples', () => {
    // the SSCC of the GS1 Logistic Label Guideline: (00) 3 7610425 002123456 9
    expect(gs1CheckDigit('37610425002123456')).toBe('9');
    // GS1's example SSCC with its example company prefix 0614141: (00) 0 0614141 123456789 0
    expect(gs1CheckDigit('00614141123456789')).toBe('0');
    // GTINs: 09501101530003 (GS1 example), 4006381333931 (EAN-13), 036000291452 (UPC-A), 96385074 (EAN-8)
    expect(gs1CheckDigit('0950110153000')).toBe('3');
    expect(gs1CheckDigit('400638133393')).toBe('1');
    expect(gs1CheckDigit('03600029145')).toBe('2');
    expect(gs1CheckDigit('9638507')).toBe('4');
  });

  it('builds 18 digits: extension digit 0, the company prefix, the serial padded, the check digit', () => {
    expect(sscc('0614141', 123456789)).toBe('006141411234567890');
    expect(sscc('0614141', 1)).toBe('006141410000000012');
    expect(sscc('7610425002', 42)).toMatch(/^07610425002000042\d$/);
    for (const code of [sscc('0614141', 1), sscc('123456789012', 9999)]) {
      expect(code).toHaveLength(18);
      expect(gs1CheckDigit(code.slice(0, 17))).toBe(code[17]);
    }
    expect(ssccElementString('006141411234567890')).toBe('(00)006141411234567890');
  });

  it('refuses a setting that is no company prefix and a serial that no longer fits', () => {
    expect(validCompanyPrefix(' 0614141 ')).toBe('0614141');
    for (const bad of ['', '12345', '1234567890123', '06141a1', null]) expect(validCompanyPrefix(bad)).toBeNull();
    expect(() => sscc('abc', 1)).toThrow(expect.objectContaining({ message: 'orders.package_prefix_invalid' }));
    expect(() => sscc('123456789012', 10000)).toThrow(expect.objectContaining({ message: 'orders.package_serials_exhausted' }));
  });
});
