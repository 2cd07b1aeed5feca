import { TEST_CARDS } from '../lib/sandbox-card';

/** The sandbox's test cards, so a tester knows what to type and what each one does. */
export function TestModeNote() {
  return (
    <aside className="co-test-mode" aria-labelledby="co-test-mode-title">
      <p className="co-test-mode-title" id="co-test-mode-title">
        <span className="co-test-mode-badge">Test mode</span> No real card is charged.
      </p>
      <ul className="co-test-mode-cards">
        {TEST_CARDS.map((card) => (
          <li key={card.number}>
            <code>{card.number}</code> {card.outcome}
          </li>
        ))}
      </ul>
      <p className="co-test-mode-hint muted">Use any future expiry date and any 3-digit CVC.</p>
    </aside>
  );
}
