import { allowRemoteOrigins, scriptUrlAllowed, trustedScriptUrl } from '../trusted-types';

// What the Trusted Types policies let a script be loaded from (docs/security.md): the page's own
// origin, the configured remotes' origins and the two third parties, nothing else.
describe('scriptUrlAllowed', () => {
  const base = 'https://hypertek.example/market-place';

  it("allows this origin's scripts and the third parties the product loads", () => {
    expect(scriptUrlAllowed('/static/js/main.1a2b3c4d5e.js', base)).toBe(true);
    expect(scriptUrlAllowed('https://js.stripe.com/v3/', base)).toBe(true);
    expect(scriptUrlAllowed('https://accounts.google.com/gsi/client', base)).toBe(true);
  });

  it("allows a remote's scripts only once its manifest was configured", () => {
    const chunk = 'https://checkout.hypertek.example/static/js/pay.0a1b2c3d4e.js';
    expect(scriptUrlAllowed(chunk, base)).toBe(false);
    allowRemoteOrigins({ checkout: 'https://checkout.hypertek.example/mf-manifest.json' });
    expect(scriptUrlAllowed(chunk, base)).toBe(true);
  });

  it('refuses other origins, look-alike prefixes and other schemes', () => {
    for (const url of [
      'https://evil.example/x.js',
      'https://js.stripe.com.evil.example/v3/',
      'https://accounts.google.com/o/oauth2/x.js',
      'data:text/javascript,alert(1)',
      'javascript:alert(1)',
      'http://[not an address',
    ])
      expect(scriptUrlAllowed(url, base)).toBe(false);
  });

  it('trustedScriptUrl throws for a refused address instead of loading nothing quietly', () => {
    expect(() => trustedScriptUrl('https://evil.example/x.js')).toThrow(
      /not a script this site loads/,
    );
    expect(trustedScriptUrl('/static/js/main.1a2b3c4d5e.js')).toBe('/static/js/main.1a2b3c4d5e.js');
  });
});
