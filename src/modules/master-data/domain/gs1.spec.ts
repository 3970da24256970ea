import { checkDigitValid, gs1Date, Gs1Error, gtinSpellings, implicitGs1, looksLikeGs1, parseGs1, stripSymbologyIdentifier } from './gs1';

const GS = '\x1d';
const TODAY = new Date(Date.UTC(2026, 10, 26));

/** The reason and arguments of the refusal, or null when it parses. */
function refusal(text: string): { reason: string; args: Record<string, unknown> } | null {
  try {
    parseGs1(text, TODAY);
    return null;
  } catch (error) {
    if (!(error instanceof Gs1Error)) throw error;
    return { reason: error.reason, args: error.args };
  }
}

describe('GS1 element strings', () => {
  describe('read', () => {
    it.each([
      ['bracketed GTIN only', '(01)09501101020917', { gtin: '09501101020917' }],
      ['bracketed GTIN, expiry and lot', '(01)09501101020917(17)261231(10)ABC123', { gtin: '09501101020917', expiry: '2026-12-31', lot: 'ABC123' }],
      ['bracketed, lot before expiry', '(01)09501101020917(10)LOT-7(17)280229', { gtin: '09501101020917', lot: 'LOT-7', expiry: '2028-02-29' }],
      ['concatenated, fixed-length elements then the lot at the end', '010950110102091717261231' + '10ABC123', { gtin: '09501101020917', expiry: '2026-12-31', lot: 'ABC123' }],
      ['concatenated, the lot closed by GS before the expiry', `0109501101020917` + `10ABC123${GS}17261231`, { gtin: '09501101020917', lot: 'ABC123', expiry: '2026-12-31' }],
      ['FNC1 in first position (leading GS)', `${GS}0109501101020917` + '10B7', { gtin: '09501101020917', lot: 'B7' }],
      ['lot and serial, both variable, separated by GS', `0109501101020917` + `10L1${GS}21SN-0001`, { gtin: '09501101020917', lot: 'L1', serial: 'SN-0001' }],
      ['a trailing GS after the last element', `0109501101020917` + `10L1${GS}`, { gtin: '09501101020917', lot: 'L1' }],
      ['expiry day 00: the last day of the month', '(01)09501101020917(17)280200', { expiry: '2028-02-29' }],
      ['day 00 of a non-leap February', '(01)09501101020917(17)270200', { expiry: '2027-02-28' }],
      ['production date (11)', '(01)09501101020917(11)250101(17)270101', { production: '2025-01-01', expiry: '2027-01-01' }],
      ['a four-digit measure AI (3103, net weight)', '(01)09501101020917(3103)001250', { gtin: '09501101020917' }],
      ['an SSCC alone', '(00)095011010000000018', {}],
      ['GS inside bracketed data is ignored', `(01)09501101020917(10)AB${GS}(17)261231`, { lot: 'AB', expiry: '2026-12-31' }],
    ])('%s', (_name, text, expected) => {
      expect(parseGs1(text, TODAY)).toMatchObject(expected);
    });

    it('lists every element in order', () => {
      expect(parseGs1(`0109501101020917` + `10ABC${GS}21X9`, TODAY).elements).toEqual([
        { ai: '01', value: '09501101020917' },
        { ai: '10', value: 'ABC' },
        { ai: '21', value: 'X9' },
      ]);
    });
  });

  describe('refuse', () => {
    it.each([
      ['a GTIN with a wrong check digit (bracketed)', '(01)09501101020918', { reason: 'check_digit', args: { gtin: '09501101020918' } }],
      ['a GTIN with a wrong check digit (concatenated)', '0109501101020918' + '10A', { reason: 'check_digit', args: { gtin: '09501101020918' } }],
      ['an SSCC with a wrong check digit', '(00)095011010000000017', { reason: 'check_digit', args: { gtin: '095011010000000017' } }],
      ['an unknown AI (bracketed)', '(01)09501101020917(99999)X', { reason: 'bad_value' }],
      ['an unknown two-digit AI (bracketed)', '(01)09501101020917(05)X', { reason: 'unknown_ai', args: { ai: '05' } }],
      ['an unknown AI (concatenated)', '0109501101020917' + '05123', { reason: 'unknown_ai', args: { ai: '0512' } }],
      ['a GTIN that is too short (cut off)', '01095011010209', { reason: 'truncated', args: { ai: '01' } }],
      ['a GTIN with letters', '(01)0950110102091A', { reason: 'bad_value', args: { ai: '01', value: '0950110102091A' } }],
      ['an expiry that is not a date (month 13)', '(01)09501101020917(17)261301', { reason: 'bad_date', args: { ai: '17', value: '261301' } }],
      ['an expiry on 31 April', '(01)09501101020917(17)260431', { reason: 'bad_date', args: { ai: '17', value: '260431' } }],
      ['a lot longer than 20 characters', `(10)${'A'.repeat(21)}`, { reason: 'bad_value' }],
      ['a lot with a character outside the GS1 set', '(10)批号1', { reason: 'bad_value', args: { ai: '10', value: '批号1' } }],
      ['an element without data', '(01)09501101020917(10)', { reason: 'truncated', args: { ai: '10' } }],
      ['a variable element followed by a fixed one without GS (swallowed into the lot)', '0109501101020917' + '10ABC17261231', null],
    ])('%s', (_name, text, expected) => {
      const result = refusal(text);
      if (expected === null) expect(result).toBeNull();
      else expect(result).toMatchObject(expected);
    });

    it('reads the lot greedily when no GS ends it: the expiry after it becomes part of the lot', () => {
      const data = parseGs1('0109501101020917' + '10ABC17261231', TODAY);
      expect(data.lot).toBe('ABC17261231');
      expect(data.expiry).toBeUndefined();
    });
  });

  it.each([
    [']C10109501101020917', { data: '0109501101020917', gs1: true }],
    [']d2010950110102091710X', { data: '010950110102091710X', gs1: true }],
    [']Q3(01)09501101020917', { data: '(01)09501101020917', gs1: true }],
    [']E09501101020917', { data: '9501101020917', gs1: false }],
    ['P-001', { data: 'P-001', gs1: false }],
  ])('strips the symbology identifier of %j', (scanned, expected) => {
    expect(stripSymbologyIdentifier(scanned)).toEqual(expected);
  });

  it.each([
    ['(01)09501101020917', true],
    [`${GS}0109501101020917`, true],
    [`0109501101020917` + `10A${GS}21B`, true],
    // a predefined-length AI with all its data, no separator needed
    ['0109501101020917', true],
    ['010950110102091717261231' + '10ABC123', true],
    ['00095011010000000018', true],
    ['11250101', true],
    // too short for its AI, or no AI of predefined length first: not GS1 by its digits alone
    ['01095011010209', false],
    ['9501101020917', false],
    ['1095011', false],
    ['SKU(01)', false],
    ['A-01-02', false],
  ])('tells GS1 writing in %j: %s', (data, expected) => {
    expect(looksLikeGs1(data)).toBe(expected);
  });

  describe('as scanners send it (after the symbology identifier is stripped): no parentheses, GS only where needed', () => {
    /** GS1-128 / DataMatrix / QR of one carton: (01) 09501101020917, (17) 2026-12-31, (10) ABC123. */
    const carton = { gtin: '09501101020917', expiry: '2026-12-31', lot: 'ABC123' };
    it.each([
      ['GTIN, expiry, lot last: no GS at all', '010950110102091717261231' + '10ABC123', carton],
      [']C1 (GS1-128, AIM identifier on)', ']C1010950110102091717261231' + '10ABC123', carton],
      [']d2 (GS1 DataMatrix)', ']d2010950110102091717261231' + '10ABC123', carton],
      [']Q3 (GS1 QR Code)', ']Q3010950110102091717261231' + '10ABC123', carton],
      ['the lot before the expiry: GS closes the lot', `]C1` + `0109501101020917` + `10ABC123${GS}17261231`, carton],
      ['serial then lot, both variable: GS after the serial only', '0109501101020917' + `21SN-42${GS}10L7`, { gtin: '09501101020917', serial: 'SN-42', lot: 'L7' }],
      ['a net weight (3103, six digits) between the GTIN and the lot: no GS', '0109501101020917' + '3103001250' + '10L7', { gtin: '09501101020917', lot: 'L7' }],
      ['production date, best before and lot', '0109501101020917' + '11250101' + '15270101' + '10B-9', { gtin: '09501101020917', production: '2025-01-01', lot: 'B-9' }],
      ['a GTIN alone, as a GS1-128 carton code carries it', ']C10109501101020917', { gtin: '09501101020917' }],
    ])('%s', (_name, scanned, expected) => {
      const { data } = stripSymbologyIdentifier(scanned);
      expect(looksLikeGs1(data)).toBe(true);
      expect(parseGs1(data, TODAY)).toMatchObject(expected);
    });

    it('tells a string that is GS1 by its digits alone (no identifier, parentheses or GS): the caller may fall back', () => {
      expect(implicitGs1('010950110102091717261231' + '10ABC123')).toBe(true);
      expect(implicitGs1(`0109501101020917` + `10A${GS}21B`)).toBe(false);
      expect(implicitGs1('(01)09501101020917')).toBe(false);
      expect(implicitGs1('2001')).toBe(true);
    });
  });

  it.each([
    ['09501101020917', true],
    ['9501101020917', true],
    ['036000291452', true],
    ['96385074', true],
    ['9501101020918', false],
    ['12', false],
    ['abc', false],
  ])('checks the mod-10 check digit of %s', (digits, valid) => {
    expect(checkDigitValid(digits)).toBe(valid);
  });

  it.each([
    ['09501101020917', ['09501101020917', '9501101020917']],
    ['00036000291452', ['00036000291452', '0036000291452', '036000291452']],
    ['00000096385074', ['00000096385074', '0000096385074', '000096385074', '96385074']],
    ['9501101020917', ['09501101020917', '9501101020917']],
  ])('spells the GTIN %s as a product may keep it', (gtin, spellings) => {
    expect(gtinSpellings(gtin)).toEqual(spellings);
  });

  it.each([
    ['261231', '2026-12-31'],
    ['991231', '1999-12-31'],
    ['760101', '2076-01-01'],
    ['770101', '1977-01-01'],
    ['240200', '2024-02-29'],
    ['000000', null],
    ['26123', null],
  ])('reads the date %s as %s', (value, expected) => {
    expect(gs1Date(value, TODAY)).toBe(expected);
  });
});
