import { getRuntimeConfig, MESSAGES, notify } from '@hypertek/shared';
import { createDiscordState } from '@hypertek/shared/discord-state';

import { discordAuthorizeUrl } from '../lib/discord-authorize-url';
import { leaveSite } from '../lib/leave-site';
import { DISCORD_NOT_CONFIGURED } from '../lib/sign-in-texts';
import { AlternativeButton } from './alternative-button';
import { DiscordIcon } from './provider-icons';

/**
 * 'Continue with Discord': off to Discord's authorization page with a random state this tab keeps;
 * the host finishes the sign-in when Discord sends the visitor back with that state. Without a
 * client id the site cannot ask Discord, and the button says so.
 */
export function DiscordSignInButton() {
  const config = getRuntimeConfig();
  if (!config.discordClientId.trim()) {
    return (
      <AlternativeButton
        icon={<DiscordIcon />}
        label="Continue with Discord"
        note={DISCORD_NOT_CONFIGURED}
        disabled
      />
    );
  }
  return (
    <AlternativeButton
      icon={<DiscordIcon />}
      label="Continue with Discord"
      onClick={() => {
        const state = createDiscordState();
        // Without a saved state the host would refuse the return: better not to go at all.
        if (!state) return notify.error(MESSAGES.discordFailed);
        leaveSite(discordAuthorizeUrl(config, state));
      }}
    />
  );
}
