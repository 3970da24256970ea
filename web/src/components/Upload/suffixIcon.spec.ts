import { suffixIconUrl } from './suffixIcon';

describe('suffixIconUrl', () => {
  it('points at the public icon route with the suffix encoded', () => {
    expect(suffixIconUrl('xlsx')).toBe('/api/ajax/buildSuffixSvg?suffix=xlsx&server=1');
    expect(suffixIconUrl('a&b c')).toBe('/api/ajax/buildSuffixSvg?suffix=a%26b+c&server=1');
    expect(suffixIconUrl('')).toBe('/api/ajax/buildSuffixSvg?suffix=file&server=1');
    expect(suffixIconUrl('pdf', 'rgb(1,2,3)')).toBe('/api/ajax/buildSuffixSvg?suffix=pdf&server=1&background=rgb%281%2C2%2C3%29');
  });
});
