import { OrderRuleError } from './order-errors';

/*
 * The Serial Shipping Container Code (GS1 General Specifications §2.2): 18 digits — an extension digit, the
 * GS1 company prefix, a serial reference filling the rest of the first 17, and the GS1 mod-10 check digit.
 * On a label it is the element string `(00)` + the 18 digits, as GS1-128.
 */

/** The extension digit of every SSCC this site assigns (the company's own choice; 0 here). */
export const SSCC_EXTENSION_DIGIT = '0';

/** The GS1 mod-10 check digit of `digits` (the digits before it): weights 3, 1, 3, … from the right. */
export function gs1CheckDigit(digits: string): string {
  if (!/^\d+$/.test(digits)) throw new Error('a GS1 check digit is computed over digits only');
  let sum = 0;
  for (let i = digits.length - 1, weight = 3; i >= 0; i--, weight = 4 - weight) sum += Number(digits[i]) * weight;
  return String((10 - (sum % 10)) % 10);
}

/** A GS1 company prefix as the setting `gs1_company_prefix` must hold it: 6 to 12 digits. */
export function validCompanyPrefix(value: unknown): string | null {
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  return /^\d{6,12}$/.test(text) ? text : null;
}

/**
 * The SSCC of serial `serial` under `companyPrefix`: refused (a translated message) when the setting is not a
 * company prefix or the serial no longer fits beside it.
 */
export function sscc(companyPrefix: unknown, serial: number): string {
  const prefix = validCompanyPrefix(companyPrefix);
  if (!prefix) throw new OrderRuleError('package_prefix_invalid');
  const width = 16 - prefix.length;
  if (!Number.isSafeInteger(serial) || serial < 1 || String(serial).length > width) throw new OrderRuleError('package_serials_exhausted', { prefix });
  const data = `${SSCC_EXTENSION_DIGIT}${prefix}${String(serial).padStart(width, '0')}`;
  return data + gs1CheckDigit(data);
}

/** The SSCC as the element string a GS1-128 carries and people read: `(00)` and the 18 digits. */
export function ssccElementString(code: string): string {
  return `(00)${code}`;
}
