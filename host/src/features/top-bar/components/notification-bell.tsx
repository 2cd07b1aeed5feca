import { api, itemPath, type Notification } from '@hypertek/shared';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';

import { useOutsideClick } from '../../../hooks/use-outside-click';
import { useLiveBell } from './use-live-bell';

/** How often the unread count is read again while the tab is shown (and on coming back to it). */
export const BELL_REFRESH_MS = 60_000;
const PAGE_SIZE = 10;

type Load = 'loading' | 'ready' | 'failed';

/** '3 min ago', '2 h ago', '5 d ago': when something happened, in the list's few characters. */
export function ago(at: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - Date.parse(at)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return `${Math.round(hours / 24)} d ago`;
}

/**
 * The notification centre of a signed-in user (docs/product.md, Notifications): a bell with the
 * unread count, and a list, newest first, a page at a time; opening a notification marks it
 * read and goes to its item; "Mark all as read" clears the count. Live: the market's events read
 * the count again (use-live-bell.ts), the minute's poll stays as a backstop. Loaded only for signed-in
 * users, after the first paint (top-bar.tsx), so the host's first script does not carry it.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const [unread, setUnread] = useState(0);
  const [items, setItems] = useState<Notification[]>([]);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [load, setLoad] = useState<Load>('loading');
  const [more, setMore] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useOutsideClick(ref, close, open);

  /** The first page and the unread count, read again; gives the count (null: not read). */
  const refresh = useCallback(async (signal?: AbortSignal): Promise<number | null> => {
    try {
      const answer = await api.notifications.list({ limit: PAGE_SIZE }, { signal });
      setItems(answer.data);
      setNextCursor(answer.nextCursor);
      setUnread(answer.unread);
      setLoad('ready');
      return answer.unread;
    } catch {
      if (!signal?.aborted) setLoad('failed');
      return null;
    }
  }, []);

  useLiveBell(unread, () => refresh());

  // Read in a task of its own right after mounting (not in the commit that shows the bell),
  // then every minute and on coming back to the tab, while it is shown.
  useEffect(() => {
    const controller = new AbortController();
    const read = () => {
      if (document.visibilityState === 'visible') void refresh(controller.signal);
    };
    const first = window.setTimeout(read, 0);
    const timer = window.setInterval(read, BELL_REFRESH_MS);
    document.addEventListener('visibilitychange', read);
    return () => {
      controller.abort();
      window.clearTimeout(first);
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', read);
    };
  }, [refresh]);

  const loadMore = async () => {
    if (nextCursor === null) return;
    setMore(true);
    try {
      const answer = await api.notifications.list({ limit: PAGE_SIZE, cursor: nextCursor });
      setItems((shown) => [...shown, ...answer.data]);
      setNextCursor(answer.nextCursor);
      setUnread(answer.unread);
    } catch {
      setLoad('failed');
    } finally {
      setMore(false);
    }
  };

  const markRead = (notification: Notification) => {
    close();
    if (notification.read) return;
    setItems((shown) => shown.map((n) => (n.id === notification.id ? { ...n, read: true } : n)));
    api.notifications.read(notification.id).then(
      (answer) => setUnread(answer.unread),
      () => void refresh(),
    );
  };

  const markAllRead = async () => {
    try {
      const answer = await api.notifications.readAll();
      setUnread(answer.unread);
      setItems((shown) => shown.map((n) => ({ ...n, read: true })));
    } catch {
      setLoad('failed');
    }
  };

  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;
  return (
    <div className="dropdown notification-bell" ref={ref}>
      <button
        type="button"
        className="icon-button bell-button"
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          if (!open) void refresh();
          setOpen((o) => !o);
        }}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        {unread > 0 && (
          <span className="bell-count" aria-hidden="true" data-testid="bell-count">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <section className="popover bell-panel" id={panelId} aria-label="Notifications">
          <header className="bell-panel-head">
            <h2>Notifications</h2>
            {unread > 0 && (
              <button type="button" className="btn btn-ghost" onClick={() => void markAllRead()}>
                Mark all as read
              </button>
            )}
          </header>
          {load === 'failed' && <p role="alert">The notifications could not be loaded.</p>}
          {load === 'ready' && items.length === 0 && <p>No notifications yet.</p>}
          {items.length > 0 && (
            <ul className="bell-list">
              {items.map((n) => (
                <li key={n.id} className={n.read ? 'bell-item' : 'bell-item unread'}>
                  <Link to={itemPath(n.itemKind, n.itemId)} onClick={() => markRead(n)}>
                    <span className="bell-text">{n.text}</span>
                    <time dateTime={n.at}>{ago(n.at)}</time>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {nextCursor !== null && (
            <button
              type="button"
              className="btn btn-ghost bell-more"
              disabled={more}
              onClick={() => void loadMore()}
            >
              Load more
            </button>
          )}
        </section>
      )}
    </div>
  );
}
