import { Link } from 'react-router';

import { Logo } from './logo';
import { RIGHTS_YEAR } from '../lib/constants';

const LINKS = [
  ['Market Place', '/market-place'],
  ['News', '/news'],
  ['WhitePapers', '/whitepapers'],
  ['FAQ', '/faq'],
  ['Disclaimer', '/disclaimer'],
  ['Terms and Conditions', '/terms'],
] as const;

export function Footer() {
  return (
    <footer className="footer" data-testid="footer">
      <div className="footer-inner">
        <Link to="/" aria-label="Hyper Tek home">
          <Logo />
        </Link>
        <nav aria-label="Footer">
          <ul className="footer-links">
            {LINKS.map(([label, to]) => (
              <li key={to}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="footer-rights">© {RIGHTS_YEAR} Hyper Tek. All rights reserved.</p>
      </div>
    </footer>
  );
}
