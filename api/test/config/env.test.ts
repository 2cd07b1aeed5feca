import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config/env';
import { DEFAULT_JUDGE_SETTINGS } from '../../src/lib/release-judge';

describe('loadConfig', () => {
  it('has working defaults for local development', () => {
    const config = loadConfig({});
    assert.equal(config.port, 4000);
    assert.equal(config.siteUrl, 'http://localhost:3000');
    assert.equal(config.databaseUrl, null);
    assert.ok(config.dataDir.endsWith('/api/.data'));
    assert.deepEqual(
      config.corsOrigins,
      [3000, 3001, 3002, 3003, 3004].map((p) => `http://localhost:${p}`),
    );
    assert.equal(config.jwt.secretIsEphemeral, true);
    assert.equal(config.redisUrl, null);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      API_PORT: '4300',
      SITE_URL: 'https://hypertek.example/',
      CORS_ORIGINS: 'https://hypertek.example, https://shop.hypertek.example',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      JWT_SECRET: 'y'.repeat(40),
      REDIS_URL: 'redis://127.0.0.1:6379',
      NODE_ENV: 'production',
    });
    assert.equal(config.port, 4300);
    assert.equal(config.siteUrl, 'https://hypertek.example');
    assert.deepEqual(config.corsOrigins, [
      'https://hypertek.example',
      'https://shop.hypertek.example',
    ]);
    assert.equal(config.databaseUrl, 'postgres://postgres@127.0.0.1:5432/test');
    assert.equal(config.jwt.secretIsEphemeral, false);
    assert.equal(config.redisUrl, 'redis://127.0.0.1:6379');
  });

  it('accepts memory:// for the in-memory database', () => {
    assert.equal(loadConfig({ DATABASE_URL: 'memory://' }).databaseUrl, 'memory://');
  });

  it('lists every problem at once, clearly', () => {
    assert.throws(
      () =>
        loadConfig({
          NODE_ENV: 'production',
          API_PORT: 'eighty',
          DATABASE_URL: 'mysql://x',
          CORS_ORIGINS: 'not an origin',
        }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.equal(error.problems.length, 4);
        assert.match(error.message, /JWT_SECRET is required in production/);
        assert.match(error.message, /API_PORT must be an integer/);
        assert.match(error.message, /DATABASE_URL must use postgres:/);
        assert.match(error.message, /CORS_ORIGINS entries must be origins/);
        return true;
      },
    );
  });

  it('refuses a short JWT secret', () => {
    assert.throws(() => loadConfig({ JWT_SECRET: 'short' }), /at least 32 characters/);
  });

  it('runs without any sign-in provider keys, with the real providers as defaults', () => {
    const config = loadConfig({});
    assert.deepEqual(config.google, {
      clientId: null,
      tokeninfoUrl: 'https://oauth2.googleapis.com/tokeninfo',
      userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    });
    assert.deepEqual(config.discord, {
      clientId: null,
      clientSecret: null,
      redirectUri: 'http://localhost:3000/signin',
      tokenUrl: 'https://discord.com/api/oauth2/token',
      apiUrl: 'https://discord.com/api/v10',
    });
    assert.equal(config.wallet.messageTtlSeconds, 300);
    assert.equal(config.providerTimeoutMs, 5000);
  });

  it('reads the sign-in variables; the Discord redirect follows SITE_URL unless set', () => {
    const config = loadConfig({
      SITE_URL: 'https://hypertek.example',
      GOOGLE_CLIENT_ID: ' abc.apps.googleusercontent.com ',
      GOOGLE_TOKENINFO_URL: 'http://127.0.0.1:9/tokeninfo',
      GOOGLE_USERINFO_URL: 'http://127.0.0.1:9/v1/userinfo',
      DISCORD_CLIENT_ID: '1234',
      DISCORD_CLIENT_SECRET: 'secret',
      DISCORD_TOKEN_URL: 'http://127.0.0.1:9/api/oauth2/token',
      DISCORD_API_URL: 'http://127.0.0.1:9/api/v10/',
      WALLET_MESSAGE_TTL_SECONDS: '120',
      PROVIDER_TIMEOUT_MS: '2500',
    });
    assert.equal(config.google.clientId, 'abc.apps.googleusercontent.com');
    assert.equal(config.google.tokeninfoUrl, 'http://127.0.0.1:9/tokeninfo');
    assert.equal(config.discord.clientSecret, 'secret');
    assert.equal(config.discord.redirectUri, 'https://hypertek.example/signin');
    assert.equal(config.discord.apiUrl, 'http://127.0.0.1:9/api/v10');
    assert.equal(config.wallet.messageTtlSeconds, 120);
    assert.equal(config.providerTimeoutMs, 2500);
    // Discord compares the redirect character for character: it is kept as written.
    assert.equal(
      loadConfig({ DISCORD_REDIRECT_URI: 'https://hypertek.example/signin/' }).discord.redirectUri,
      'https://hypertek.example/signin/',
    );
  });

  it('refuses bad sign-in settings by name', () => {
    assert.throws(
      () =>
        loadConfig({
          GOOGLE_TOKENINFO_URL: 'not a url',
          DISCORD_REDIRECT_URI: 'ftp://x/signin',
          WALLET_MESSAGE_TTL_SECONDS: '5',
        }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.match(error.message, /GOOGLE_TOKENINFO_URL is not a valid URL/);
        assert.match(error.message, /DISCORD_REDIRECT_URI must use http: or https:/);
        assert.match(error.message, /WALLET_MESSAGE_TTL_SECONDS must be an integer between 30/);
        return true;
      },
    );
  });
  it('uses the sandbox without a Stripe key, Stripe with one', () => {
    assert.deepEqual(loadConfig({}).payments, { provider: 'sandbox' });
    assert.deepEqual(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }).payments,
      {
        provider: 'stripe',
        secretKey: 'sk_test_abc',
        webhookSecret: 'whsec_abc',
        apiAddress: null,
      },
    );
  });

  it('reads STRIPE_API_BASE as the host, port and protocol the SDK takes', () => {
    const stripe = (base: string) => {
      const { payments } = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_API_BASE: base });
      return payments.provider === 'stripe' ? payments.apiAddress : undefined;
    };
    assert.deepEqual(stripe('http://127.0.0.1:12111'), {
      protocol: 'http',
      host: '127.0.0.1',
      port: 12111,
    });
    assert.deepEqual(stripe('https://stripe.internal/'), {
      protocol: 'https',
      host: 'stripe.internal',
      port: 443,
    });
    assert.deepEqual(stripe('http://[::1]:8080'), { protocol: 'http', host: '::1', port: 8080 });
  });

  it('refuses half or wrong Stripe settings, one line each', () => {
    assert.throws(
      () =>
        loadConfig({
          STRIPE_SECRET_KEY: 'pk_test_abc',
          STRIPE_WEBHOOK_SECRET: 'abc',
          STRIPE_API_BASE: 'ftp://127.0.0.1/v1',
        }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.equal(error.problems.length, 3);
        assert.match(error.message, /STRIPE_SECRET_KEY must be a secret or restricted key/);
        assert.match(error.message, /STRIPE_WEBHOOK_SECRET must be a webhook signing secret/);
        assert.match(error.message, /STRIPE_API_BASE must use http: or https:/);
        return true;
      },
    );
    assert.throws(
      () => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_x' }),
      /STRIPE_SECRET_KEY is not/,
    );
    assert.throws(
      () =>
        loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_API_BASE: 'http://127.0.0.1:1/v1' }),
      /STRIPE_API_BASE must be an origin/,
    );
    assert.throws(
      () =>
        loadConfig({
          NODE_ENV: 'production',
          JWT_SECRET: 'y'.repeat(40),
          STRIPE_SECRET_KEY: 'sk_live_x',
        }),
      /STRIPE_WEBHOOK_SECRET is required in production/,
    );
  });

  it('reads the release and metrics tokens (unset: null) and the report limit', () => {
    const defaults = loadConfig({});
    assert.equal(defaults.releaseToken, null);
    assert.equal(defaults.metricsToken, null);
    assert.equal(defaults.rateLimit.reportsMax, 300);
    const release = 'r'.repeat(32);
    const metrics = 'm'.repeat(64);
    const config = loadConfig({
      RELEASE_TOKEN: ` ${release} `,
      METRICS_TOKEN: metrics,
      RATE_LIMIT_REPORTS_MAX: '50',
    });
    assert.equal(config.releaseToken, release);
    assert.equal(config.metricsToken, metrics);
    assert.equal(config.rateLimit.reportsMax, 50);
    assert.equal(loadConfig({ RELEASE_TOKEN: '  ' }).releaseToken, null);
  });

  it('refuses a short or spaced release or metrics token, one line each', () => {
    assert.throws(
      () =>
        loadConfig({
          RELEASE_TOKEN: 'too-short',
          METRICS_TOKEN: `${'m'.repeat(20)} ${'m'.repeat(20)}`,
          RATE_LIMIT_REPORTS_MAX: '0',
        }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.equal(error.problems.length, 3);
        assert.match(error.message, /RELEASE_TOKEN must be at least 32 printable characters/);
        assert.match(error.message, /METRICS_TOKEN must be at least 32 printable characters/);
        assert.match(error.message, /RATE_LIMIT_REPORTS_MAX must be an integer/);
        return true;
      },
    );
  });
  it("reads the canary judge's minimum sample (defaults: the judge's own) and refuses a bad one", () => {
    assert.deepEqual(loadConfig({}).judge, {
      minCanaryViews: DEFAULT_JUDGE_SETTINGS.minCanaryViews,
      minPerSide: DEFAULT_JUDGE_SETTINGS.minPerSide,
    });
    assert.deepEqual(
      loadConfig({ JUDGE_MIN_CANARY_VIEWS: '20', JUDGE_MIN_PER_SIDE: ' 10 ' }).judge,
      { minCanaryViews: 20, minPerSide: 10 },
    );
    for (const [views, perSide] of [
      ['0', '4'],
      ['twenty', '10.5'],
      ['-1', '2000000'],
    ])
      assert.throws(
        () => loadConfig({ JUDGE_MIN_CANARY_VIEWS: views, JUDGE_MIN_PER_SIDE: perSide }),
        (error: unknown) => {
          assert.ok(error instanceof ConfigError);
          assert.equal(error.problems.length, 2);
          assert.match(error.message, /JUDGE_MIN_CANARY_VIEWS must be an integer between 1 and/);
          assert.match(error.message, /JUDGE_MIN_PER_SIDE must be an integer between 5 and/);
          return true;
        },
      );
  });
  it('TRUST_PROXY: off by default, on for any peer, or only for the listed proxies', () => {
    assert.equal(loadConfig({}).trustProxy, false);
    assert.equal(loadConfig({ TRUST_PROXY: 'true' }).trustProxy, true);
    assert.deepEqual(loadConfig({ TRUST_PROXY: '172.29.53.2, 10.0.0.0/8, fd00::/8' }).trustProxy, [
      '172.29.53.2',
      '10.0.0.0/8',
      'fd00::/8',
    ]);
    assert.throws(
      () => loadConfig({ TRUST_PROXY: '172.29.53.2,proxy,10.0.0.0/33' }),
      /TRUST_PROXY must be true, false or a list of IP addresses and CIDR ranges \(not "proxy", "10\.0\.0\.0\/33"\)/,
    );
  });
});
