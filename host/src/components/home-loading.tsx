import { useEffect } from 'react';
import { useNavigate } from 'react-router';

import { Logo } from './logo';
import { HOME_LOADING_MS } from '../lib/constants';

/** /home has no page of its own: a loading screen for 1 second, then the home page. */
export function HomeLoading() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate('/', { replace: true }), HOME_LOADING_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <div className="home-loading" data-testid="home-loading" role="status" aria-live="polite">
      <Logo className="pulse" />
      <p>Loading…</p>
    </div>
  );
}
