import { EmptyState } from './components/empty-state';

/** /no-personal-activity: no trades yet, and 'Browse Collection'. */
export default function NoPersonalActivityPage() {
  return (
    <section className="container section">
      <EmptyState title="No Activity Yet">
        Your purchases, sales and offers will show up here once you start trading.
      </EmptyState>
    </section>
  );
}
