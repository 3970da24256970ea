import { hostListed, isWebAddress, menuUrlProblem, parseHostList } from './menu-urls';

describe('menu addresses (link and iframe rules)', () => {
  it.each([
    ['https://example.com', true],
    ['https://example.com/a/b?c=d#e', true],
    ['http://intranet.local:8080/report', true],
    ['https://[2001:db8::1]:8443/x', true],
    ['HTTPS://EXAMPLE.COM/', true],
    ['javascript:alert(1)', false],
    ['JavaScript:alert(1)', false],
    [' javascript:alert(1)', false],
    ['java\tscript:alert(1)', false],
    ['data:text/html,<script>alert(1)</script>', false],
    ['vbscript:msgbox(1)', false],
    ['file:///etc/passwd', false],
    ['ftp://example.com/', false],
    ['//evil.example/x', false],
    ['/admin/wms/product', false],
    ['https://user:pass@example.com/', false],
    ['https://example.com/ space', false],
    ['https:///nohost', false],
    ['https://example.com\n', false],
  ])('%j is a web address: %s', (url, expected) => {
    expect(isWebAddress(url)).toBe(expected);
  });

  it('reads the iframe host list: commas, spaces, lines, addresses typed for hosts, wildcards', () => {
    expect(parseHostList(' grafana.example.com, *.corp.example\nhttps://Reports.Example.com/path ')).toEqual(['grafana.example.com', '*.corp.example', 'reports.example.com']);
    const list = parseHostList('*.corp.example, grafana.example.com');
    expect(hostListed('a.corp.example', list)).toBe(true);
    expect(hostListed('b.a.corp.example', list)).toBe(true);
    expect(hostListed('corp.example', list)).toBe(false);
    expect(hostListed('evilcorp.example', list)).toBe(false);
    expect(hostListed('GRAFANA.example.com', list)).toBe(true);
    expect(hostListed('grafana.example.com.evil.net', list)).toBe(false);
  });

  it('given a menu type and the host list, when a URL is saved, then it says what is wrong', () => {
    expect(menuUrlProblem('link', 'javascript:alert(1)', [])).toBe('not_web');
    expect(menuUrlProblem('iframe', 'data:text/html,x', [])).toBe('not_web');
    expect(menuUrlProblem('tab', 'vbscript:x', [])).toBe('not_web');
    expect(menuUrlProblem('link', 'http://example.com', [])).toBeNull();
    expect(menuUrlProblem('iframe', 'http://example.com', [])).toBe('iframe_https');
    expect(menuUrlProblem('iframe', 'https://example.com', [])).toBeNull();
    expect(menuUrlProblem('iframe', 'https://example.com', ['grafana.example.com'])).toBe('iframe_host');
    expect(menuUrlProblem('iframe', 'http://grafana.example.com/d/1', ['grafana.example.com'])).toBeNull();
    expect(menuUrlProblem('iframe', '', ['grafana.example.com'])).toBeNull();
  });
});
