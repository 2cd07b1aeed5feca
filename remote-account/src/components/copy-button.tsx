import { useEffect, useRef, useState } from 'react';
import { COPIED_INDICATOR_MS } from '../data/constants';

/**
 * Copies `text` to the clipboard; the button says 'Copied!' for 2 seconds, and a screen reader
 * hears `copiedStatus`.
 */
export function CopyButton({
  text,
  label,
  copiedStatus,
}: {
  text: string;
  label: string;
  copiedStatus: string;
}) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = () => {
    // Missing on insecure origins; the indicator still shows, and the text beside it is selectable.
    const clipboard = navigator.clipboard as Clipboard | undefined;
    void clipboard?.writeText(text).catch(() => undefined);
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
  };

  return (
    <>
      <button type="button" className="btn btn-ghost ac-copy" onClick={copy}>
        {copied ? 'Copied!' : label}
      </button>
      <span className="visually-hidden" role="status">
        {copied ? copiedStatus : ''}
      </span>
    </>
  );
}
