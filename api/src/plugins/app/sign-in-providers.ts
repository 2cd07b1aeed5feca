/**
 * The identity providers of the sign-in routes, built once from the configuration: Google and
 * Discord when their keys are set (the routes answer 503 otherwise, and the rest of the site runs
 * without them), and the wallet message checker, which needs nothing but SITE_URL.
 */
import fp from 'fastify-plugin';
import type { Config } from '../../config/env';
import { createDiscordProvider, type DiscordProvider } from '../../providers/discord';
import { createGoogleProvider, type GoogleProvider } from '../../providers/google';
import { createWalletSignIn, type WalletSignIn } from '../../providers/wallet';

export interface SignInProviders {
  google: GoogleProvider | null;
  discord: DiscordProvider | null;
  /** Null only when SITE_URL's host cannot be an EIP-4361 domain (logged at start). */
  wallet: WalletSignIn | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    signInProviders: SignInProviders;
  }
}

export default fp(
  async (fastify, opts: { config: Config }) => {
    const { config } = opts;
    const log = fastify.log.child({ component: 'sign-in' });
    const { discord } = config;
    if ((discord.clientId === null) !== (discord.clientSecret === null)) {
      log.warn('Discord sign-in is off: it needs both DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET');
    }
    let wallet: WalletSignIn | null = null;
    try {
      wallet = createWalletSignIn({
        siteUrl: config.siteUrl,
        ttlSeconds: config.wallet.messageTtlSeconds,
      });
    } catch (error) {
      log.error(
        { err: error, siteUrl: config.siteUrl },
        'wallet sign-in is off: the host of SITE_URL cannot be the domain of a sign-in message',
      );
    }
    const providers: SignInProviders = {
      google: createGoogleProvider(config, log),
      discord: createDiscordProvider(config, log),
      wallet,
    };
    if (config.nodeEnv !== 'test') {
      log.info(
        {
          google: providers.google !== null,
          discord: providers.discord !== null,
          wallet: providers.wallet?.domain ?? false,
        },
        'sign-in providers',
      );
    }
    fastify.decorate('signInProviders', providers);
  },
  { name: 'sign-in-providers' },
);
