// The site's styles are part of the entry, so the page links them in its head: the frame and the
// page the server drew (see prerender/) are styled before any script runs.
import '@fontsource-variable/orbitron/index.css';
import '@fontsource-variable/exo-2/index.css';
import '@hypertek/shared/tokens.css';
import '@hypertek/shared/ui.css';
import './styles/global.css';

// The async boundary lets the federation runtime negotiate shared singletons before React loads.
void import('./app/bootstrap');
