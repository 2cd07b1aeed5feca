// First: the Trusted Types policies (the site's CSP refuses script URLs made from plain strings).
import './lib/trusted-types';

// The site's styles are part of the entry, so the page links them in its head: the frame and the
// page the server drew (see prerender/) are styled before any script runs.
import '@fontsource-variable/orbitron/index.css';
import '@fontsource-variable/exo-2/index.css';
import '@hypertek/shared/tokens.css';
import '@hypertek/shared/ui.css';
import './styles/global.css';

import { yieldToBrowser } from './lib/yield-to-browser';

// No async boundary: the host's shared singletons are eager (in this entry), so the app starts
// from the same script instead of one round trip later. Its modules are in this script too
// (webpackMode "eager": no chunk to fetch), but run in a task of their own, after the one that
// ran the federation runtime and React.
void yieldToBrowser().then(() => import(/* webpackMode: "eager" */ './app/bootstrap'));
