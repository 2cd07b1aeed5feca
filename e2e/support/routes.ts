/**
 * Every route of the site with the remote that owns it, from the host's route table (the one
 * list of paths), plus the addresses a visitor may type differently: another case, a sample
 * reset token. The card payment page is the one page without top bar and footer.
 */
import { BARE_PATHS, REMOTE_ROUTES } from '../../host/src/app/route-table.ts';

export type RemoteName = (typeof REMOTE_ROUTES)[number]['remote'];

/** Other spellings a visitor reaches the same page by. */
const VARIANTS: Record<string, string[]> = { '/profile': ['/Profile'] };

export const ROUTES: readonly { path: string; remote: RemoteName; chrome: boolean }[] =
  REMOTE_ROUTES.flatMap(({ path, remote }) =>
    [path.replace(':token', 'e2e-sample-token'), ...(VARIANTS[path] ?? [])].map((address) => ({
      path: address,
      remote,
      chrome: !BARE_PATHS.has(path.toLowerCase()),
    })),
  );
