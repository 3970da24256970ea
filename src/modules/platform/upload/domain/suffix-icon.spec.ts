import { adler32, buildSuffixIcon, escapeXml, hsvToRgb, parseBackground, suffixColour, suffixText } from './suffix-icon';

describe('suffix icon', () => {
  it('shows at most four capitals of the suffix, without leading dots, spaces or control characters', () => {
    expect(suffixText('xlsx')).toBe('XLSX');
    expect(suffixText('.tar.gz')).toBe('TAR.');
    expect(suffixText('markdown')).toBe('MARK');
    expect(suffixText('p d\u0000f')).toBe('PDF');
    expect(suffixText('')).toBe('FILE');
    expect(suffixText(undefined)).toBe('FILE');
    expect(suffixText('...')).toBe('FILE');
    // code points, not UTF-16 units
    expect(suffixText('😀😀😀😀😀')).toBe('😀😀😀😀');
  });

  it('escapes the five XML specials', () => {
    expect(escapeXml(`<a href="x">&'`)).toBe('&#60;a href=&#34;x&#34;&#62;&#38;&#39;');
  });

  it('computes Adler-32 like zlib', () => {
    expect(adler32('')).toBe(1);
    expect(adler32('Wikipedia')).toBe(0x11e60398);
  });

  it('converts HSV to RGB', () => {
    expect(hsvToRgb(0, 1, 1)).toBe('rgb(255,0,0)');
    expect(hsvToRgb(120, 1, 1)).toBe('rgb(0,255,0)');
    expect(hsvToRgb(240, 1, 0.5)).toBe('rgb(0,0,128)');
    expect(hsvToRgb(0, 0, 1)).toBe('rgb(255,255,255)');
  });

  it('gives a suffix the same colour whatever its case', () => {
    expect(suffixColour('DOC')).toBe(suffixColour('doc'));
    expect(suffixColour('doc')).not.toBe(suffixColour('zip'));
  });

  it('accepts only plain colours and re-writes them', () => {
    expect(parseBackground('#ABC')).toBe('#abc');
    expect(parseBackground(' #1677ff ')).toBe('#1677ff');
    expect(parseBackground('rgb( 1 , 2 , 3 )')).toBe('rgb(1,2,3)');
    expect(parseBackground('RGBA(1,2,3,0.25)')).toBe('rgba(1,2,3,0.25)');
    expect(parseBackground('rgba(1,2,3,1)')).toBe('rgba(1,2,3,1)');
    for (const bad of ['red', '#abcd', '#1677ff80', 'rgb(256,0,0)', 'rgb(1,2,3', 'rgba(1,2,3,1.5)', 'rgb(-1,2,3)', 'url(#a)', '#fff" onload="x', `rgb(1,2,3)${' '.repeat(40)}x`]) {
      expect([bad, parseBackground(bad)]).toEqual([bad, null]);
    }
  });

  it('builds the icon, refusing a background that does not parse', () => {
    const svg = buildSuffixIcon('<b>', '#000');
    expect(svg).toContain('fill="#000"');
    expect(svg).toContain('>&#60;B&#62;</text>');
    expect(svg).not.toContain('<b>');
    expect(buildSuffixIcon('txt')).toContain(`fill="${suffixColour('TXT')}"`);
    expect(() => buildSuffixIcon('txt', 'javascript:alert(1)')).toThrow(expect.objectContaining({ messageKey: 'ajax.invalid_background' }));
  });
});
