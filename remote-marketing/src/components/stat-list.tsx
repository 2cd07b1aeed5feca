export interface Stat {
  value: string;
  label: string;
}

/** A figure as the product words it ('30K+ Global Companies'): the figure, a space, the label. */
export function statFromPhrase(phrase: string): Stat {
  const space = phrase.indexOf(' ');
  return { value: phrase.slice(0, space), label: phrase.slice(space + 1) };
}

/** A strip of headline figures; each reads as one phrase ('250K+ Games Available'). */
export function StatList({ stats, label }: { stats: readonly Stat[]; label: string }) {
  return (
    <ul className="mk-stats" aria-label={label}>
      {stats.map((stat) => (
        <li key={stat.label} className="mk-stat">
          <strong className="mk-stat-value">{stat.value}</strong>{' '}
          <span className="mk-stat-label">{stat.label}</span>
        </li>
      ))}
    </ul>
  );
}
