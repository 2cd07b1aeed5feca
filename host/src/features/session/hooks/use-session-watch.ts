import { session } from '@hypertek/shared';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Keeps the session honest: an expired token signs out when the visitor moves to another page or
 * comes back to the tab, and a sign-in or sign-out in another tab is picked up.
 */
export function useSessionWatch(): void {
  const { pathname } = useLocation();
  useEffect(() => session.refresh(), [pathname]);
  useEffect(() => {
    const refresh = () => session.refresh();
    window.addEventListener('storage', refresh);
    window.addEventListener('focus', refresh);
    return () => {
      window.removeEventListener('storage', refresh);
      window.removeEventListener('focus', refresh);
    };
  }, []);
}
