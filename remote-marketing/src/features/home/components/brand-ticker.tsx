const LABEL = 'HYPER TEK 2117';
const REPEAT = 10;
/** On phones only the first three labels are shown. */
const VISIBLE_ON_MOBILE = 3;

function Track() {
  return (
    <ul className="mk-ticker-track">
      {Array.from({ length: REPEAT }, (_, i) => (
        <li
          key={i}
          className={
            i < VISIBLE_ON_MOBILE ? 'mk-ticker-item' : 'mk-ticker-item mk-ticker-item-wide'
          }
        >
          {LABEL}
        </li>
      ))}
    </ul>
  );
}

/**
 * A band repeating the brand label, scrolling as a marquee. The second track is the same row
 * again so the loop has no seam; it is decoration only (hidden from assistive technology), and
 * it stands still for visitors who prefer reduced motion.
 */
export function BrandTicker() {
  return (
    <div className="mk-ticker" aria-hidden="true" data-testid="brand-ticker">
      <div className="mk-ticker-belt">
        <Track />
        <Track />
      </div>
    </div>
  );
}
