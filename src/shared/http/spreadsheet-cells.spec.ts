import { csvCell, csvRecord, importedText, moneyText, neutraliseFormula, xlsxCell, xmlSafe } from './spreadsheet-cells';

describe('spreadsheet cells', () => {
  it('neutralises text that a spreadsheet would run as a formula, and the importer reads it back', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(neutraliseFormula(text)).toBe(`'${text}`);
      expect(importedText(neutraliseFormula(text))).toBe(text);
    }
    for (const text of ['plain', '1-2', "'quoted", '', '中文']) expect(neutraliseFormula(text)).toBe(text);
    expect(importedText("'plain")).toBe("'plain");
  });

  it('decides by the column type: a number column keeps numbers, a text column neutralises what looks like one', () => {
    expect(csvCell(-5, 'number')).toBe(-5);
    expect(csvCell('-12.50', 'number')).toBe('-12.50');
    expect(csvCell('-5', 'text')).toBe("'-5");
    expect(csvCell(-5)).toBe("'-5");
    expect(csvCell('=cmd', 'number')).toBe("'=cmd");
    expect(csvCell(null, 'number')).toBe('');
    expect(csvCell(true)).toBe('1');
    expect(xlsxCell(-5, 'number')).toBe(-5);
    // decimal text of a number column (MySQL DECIMAL) is a numeric cell; one too long for a double stays text
    expect(xlsxCell('12.50', 'number')).toBe(12.5);
    expect(xlsxCell('-0.05', 'number')).toBe(-0.05);
    expect(xlsxCell('12345678901234.56', 'number')).toBe('12345678901234.56');
    expect(xlsxCell('12.50')).toBe('12.50');
    expect(xlsxCell('=1+1')).toBe('=1+1');
    expect(xlsxCell(undefined)).toBeNull();
  });

  it('replaces what XML 1.0 forbids: C0 controls but tab, LF and CR, lone surrogates, U+FFFE, U+FFFF', () => {
    expect(xmlSafe('a\u0000b\u0008c\u000Bd\u001Fe\uFFFEf\uFFFFg')).toBe('a\uFFFDb\uFFFDc\uFFFDd\uFFFDe\uFFFDf\uFFFDg');
    expect(xmlSafe('lone \uD800 high, lone \uDC00 low')).toBe('lone \uFFFD high, lone \uFFFD low');
    expect(xmlSafe('tab\tlf\ncr\r 😀 中文 \uFFFD')).toBe('tab\tlf\ncr\r 😀 中文 \uFFFD');
    expect(xlsxCell('x\uFFFF')).toBe('x\uFFFD');
  });

  it('writes money with two decimals, digit for digit: CSV text 12.50, XLSX the number (its column shows 0.00)', () => {
    expect([moneyText('12.5'), moneyText(12.5), moneyText(3), moneyText('-0.1'), moneyText('12.50'), moneyText('0.125')]).toEqual(['12.50', '12.50', '3.00', '-0.10', '12.50', '0.125']);
    expect(moneyText('12345678901234567.5')).toBe('12345678901234567.50');
    expect(csvCell('12.5', 'money')).toBe('12.50');
    expect(csvCell(7, 'money')).toBe('7.00');
    expect(csvCell('=1', 'money')).toBe("'=1");
    expect(xlsxCell('12.50', 'money')).toBe(12.5);
    expect(xlsxCell('12345678901234.56', 'money')).toBe('12345678901234.56');
  });

  it('writes a CSV record as RFC 4180 does: quotes only a field with a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvRecord(['a', 1, -2.5, '', '中文'])).toBe('a,1,-2.5,,中文\n');
    expect(csvRecord(['a,b', 'say "hi"', 'two\nlines', 'cr\r', "'=1"])).toBe('"a,b","say ""hi""","two\nlines","cr\r",\'=1\n');
    expect(csvRecord([])).toBe('\n');
  });
});
