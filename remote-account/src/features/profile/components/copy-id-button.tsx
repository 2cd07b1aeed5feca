import { useEffect, useRef, useState } from 'react';
import { COPIED_INDICATOR_MS } from '../../../data/constants';

/** Copies the user's id to the clipboard and says 'Copied!' for 2 seconds. */
export function CopyIdButton({ id }: { id: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = () => {
    // Missing on insecure origins; the indicator still shows, and the id beside it is selectable.
    const clipboard = navigator.clipboard as Clipboard | undefined;
    void clipboard?.writeText(id).catch(() => undefined);
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
  };

  return (
    <>
      <button type="button" className="btn btn-ghost ac-copy" onClick={copy}>
        {copied ? 'Copied!' : 'Copy ID'}
      </button>
      <span className="visually-hidden" role="status">
        {copied ? 'User ID copied to the clipboard' : ''}
      </span>
    </>
  );
}
