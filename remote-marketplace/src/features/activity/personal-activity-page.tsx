import {
  ACTIVITY_ROWS,
  api,
  formatAge,
  MESSAGES,
  useSession,
  type ActivityEntry,
} from '@hypertek/shared';
import { useEffect, useState } from 'react';

/** /personal-activity: the signed-in user's activity, first 5 rows (SPEC §2, §5). */
export default function PersonalActivityPage() {
  const { user, isLoggedInUser } = useSession();
  const userId = user?._id;
  // Whose rows these are: the indicator shows until this user's call finishes, success or not.
  const [loaded, setLoaded] = useState<{ userId: string; rows: ActivityEntry[] } | null>(null);
  const loading = Boolean(userId) && loaded?.userId !== userId;
  const rows = loaded?.rows ?? [];

  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    api
      .getUserActivity(userId, { signal: controller.signal })
      .then((body) => setLoaded({ userId, rows: body.data.slice(0, ACTIVITY_ROWS) }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[hypertek] activity failed', error);
        setLoaded({ userId, rows: [] });
      });
    return () => controller.abort();
  }, [userId]);

  return (
    <section className="container page-header">
      <h1>Activities</h1>
      {!isLoggedInUser ? (
        <p className="lead">{MESSAGES.loginFirst}</p>
      ) : loading ? (
        <span className="spinner" role="status" aria-label="Loading activity" />
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                {['Name', 'Type', 'Buyer', 'Seller', 'Price', 'Time'].map((h) => (
                  <th key={h}>{h}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row._id}>
                  <td>{row.name}</td>
                  <td>{row.type}</td>
                  <td>{row.buyer}</td>
                  <td>{row.seller}</td>
                  <td>{row.price}</td>
                  <td>{formatAge(row.time)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {rows.length === 0 && <p className="muted">No activity yet.</p>}
        </div>
      )}
    </section>
  );
}
