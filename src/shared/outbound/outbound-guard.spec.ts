import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { checkOutboundHost, checkOutboundUrl, embeddedIpv4, isPublicAddress, OutboundPolicy, OutboundRefusedError } from './outbound-guard';
import { outboundRequest } from './outbound-request';

const POLICY: OutboundPolicy = { allowPrivateVariable: 'OUTBOUND_GUARD_SPEC_ALLOW' };
const LIFTED = { OUTBOUND_GUARD_SPEC_ALLOW: '1' };

const refusal = (run: () => unknown): OutboundRefusedError['reason'] | 'passed' => {
  try {
    run();
    return 'passed';
  } catch (error) {
    if (error instanceof OutboundRefusedError) return error.reason;
    throw error;
  }
};

describe('the outbound guard: which addresses an outgoing call may reach', () => {
  it.each([
    ['8.8.8.8', true],
    ['1.1.1.1', true],
    ['203.0.114.1', true],
    ['127.0.0.1', false],
    ['127.255.0.9', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['172.32.0.1', true],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['198.51.100.7', false],
    ['2606:4700:4700::1111', true],
    ['2001:4860:4860::8888', true],
    ['::1', false],
    ['[::1]', false],
    ['::', false],
    ['fe80::1', false],
    ['fd00::1', false],
    ['fc12:3456::1', false],
    ['ff02::1', false],
    ['2001:db8::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['0:0:0:0:0:ffff:c0a8:0101', false],
    ['64:ff9b::a00:1', false],
    ['64:ff9b::808:808', true],
    ['2002:7f00:1::', false],
    ['2002:808:808::1', true],
    ['::127.0.0.1', false],
    ['localhost', false],
    ['not an address', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it('reads the IPv4 address inside mapped, NAT64 and 6to4 IPv6 addresses', () => {
    expect(embeddedIpv4('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(embeddedIpv4('::ffff:a00:1')).toBe('10.0.0.1');
    expect(embeddedIpv4('64:ff9b::c0a8:1')).toBe('192.168.0.1');
    expect(embeddedIpv4('2002:ac10:1::')).toBe('172.16.0.1');
    expect(embeddedIpv4('2606:4700::1')).toBeNull();
  });

  it('refuses a URL that is not https, carries credentials, or names a private address literal', () => {
    const check = (url: string, env: NodeJS.ProcessEnv = {}) => refusal(() => checkOutboundUrl(url, POLICY, env));
    expect(check('https://sms.example.com/')).toBe('passed');
    expect(check('https://8.8.8.8/')).toBe('passed');
    expect(check('javascript:alert(1)')).toBe('scheme');
    expect(check('file:///etc/passwd')).toBe('scheme');
    expect(check('ftp://example.com/')).toBe('scheme');
    expect(check('http://sms.example.com/')).toBe('scheme');
    expect(check('https://user:pass@sms.example.com/')).toBe('url');
    expect(check('not a url')).toBe('url');
    expect(check('https://127.0.0.1:8443/')).toBe('private-address');
    expect(check('https://10.0.0.8/')).toBe('private-address');
    expect(check('https://[::1]/')).toBe('private-address');
    expect(check('https://[::ffff:127.0.0.1]/')).toBe('private-address');
    expect(check('https://[fd00::1]/')).toBe('private-address');
    expect(check('https://169.254.169.254/latest/meta-data/')).toBe('private-address');
    // the development setting lifts the https and address rules, never the others
    expect(check('http://127.0.0.1:9000/', LIFTED)).toBe('passed');
    expect(check('http://[::1]:9000/', LIFTED)).toBe('passed');
    expect(check('javascript:alert(1)', LIFTED)).toBe('scheme');
    expect(check('http://a:b@127.0.0.1/', LIFTED)).toBe('url');
  });

  it('resolves a host name and refuses it when any of its addresses is not public', async () => {
    await expect(checkOutboundHost('localhost', POLICY, {})).rejects.toMatchObject({ reason: 'private-address' });
    await expect(checkOutboundHost('127.0.0.1', POLICY, {})).rejects.toMatchObject({ reason: 'private-address' });
    await expect(checkOutboundHost('[::1]', POLICY, {})).rejects.toMatchObject({ reason: 'private-address' });
    await expect(checkOutboundHost('no-such-host.invalid', POLICY, {})).rejects.toMatchObject({ reason: 'unresolved' });
    expect((await checkOutboundHost('localhost', POLICY, LIFTED)).length).toBeGreaterThan(0);
  });

  describe('outboundRequest', () => {
    let server: Server;
    let port: number;
    let hits = 0;
    beforeAll(async () => {
      server = createServer((req, res) => {
        hits++;
        if (req.url === '/moved') {
          res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
          res.end();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ method: req.method, host: req.headers.host }));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise((resolve) => server.close(resolve)));
    afterEach(() => delete process.env.OUTBOUND_GUARD_SPEC_ALLOW);

    const call = (url: string) => outboundRequest(url, { method: 'POST', body: '{}', timeoutMs: 5000 }, POLICY);

    it('reaches nothing on loopback without the development setting, by address or by name', async () => {
      await expect(call(`http://127.0.0.1:${port}/`)).rejects.toMatchObject({ reason: 'scheme' });
      await expect(call(`https://127.0.0.1:${port}/`)).rejects.toMatchObject({ reason: 'private-address' });
      await expect(call(`https://localhost:${port}/`)).rejects.toMatchObject({ reason: 'private-address' });
      await expect(call(`https://[::1]:${port}/`)).rejects.toMatchObject({ reason: 'private-address' });
      expect(hits).toBe(0);
    });

    it('with the setting, calls the stand-in and answers its status and body', async () => {
      process.env.OUTBOUND_GUARD_SPEC_ALLOW = '1';
      const answer = await call(`http://localhost:${port}/send`);
      expect(answer).toMatchObject({ status: 200, ok: true });
      expect(answer.json()).toEqual({ method: 'POST', host: `localhost:${port}` });
    });

    it('refuses a redirect instead of following it, with the setting too', async () => {
      process.env.OUTBOUND_GUARD_SPEC_ALLOW = '1';
      const before = hits;
      await expect(call(`http://127.0.0.1:${port}/moved`)).rejects.toMatchObject({ reason: 'redirect' });
      expect(hits).toBe(before + 1);
    });
  });
});
