import { buildContentSecurityPolicy, inlineScriptHashes, sourceOf } from './content-security-policy';

describe('content security policy', () => {
  it('takes origins from addresses, never the text itself', () => {
    expect(sourceOf('https://bucket.s3.us-east-1.amazonaws.com/storage/a.png')).toBe('https://bucket.s3.us-east-1.amazonaws.com');
    expect(sourceOf('http://127.0.0.1:9000/wms')).toBe('http://127.0.0.1:9000');
    expect(sourceOf('//cdn.example.com/x')).toBe('cdn.example.com');
    expect(sourceOf('/storage/a.png')).toBeNull();
    expect(sourceOf('javascript:alert(1)')).toBeNull();
    expect(sourceOf("https://evil.example/'; script-src *")).toBe('https://evil.example');
    expect(sourceOf('')).toBeNull();
  });

  it('builds the directives: no framing by others, iframe menus and the bucket allowed', () => {
    const policy = buildContentSecurityPolicy({
      inlineScriptHashes: ['sha256-abc='],
      connect: ['http://127.0.0.1:9000/wms'],
      images: ['https://cdn.example.com/x', 'http://127.0.0.1:9000/wms'],
      frames: ['https://docs.example.com/help', 'https://docs.example.com/other', '/local'],
    });
    expect(policy).toContain("script-src 'self' 'sha256-abc='");
    expect(policy).toContain("connect-src 'self' http://127.0.0.1:9000");
    expect(policy).toContain("img-src 'self' data: blob: http://127.0.0.1:9000 https://cdn.example.com");
    expect(policy).toContain("frame-src 'self' https://docs.example.com;");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
  });

  it('hashes inline scripts only', () => {
    const hashes = inlineScriptHashes('<script>a()</script><script type="module" src="/x.js"></script><script>\n b()\n</script>');
    expect(hashes).toHaveLength(2);
    expect(hashes[0]).toMatch(/^sha256-[A-Za-z0-9+/]+=*$/);
  });
});
