import { useCallback, useId, useRef, useState, type ReactNode } from 'react';

import { useOutsideClick } from '../../../hooks/use-outside-click';

export interface DropdownItem {
  label: string;
  href?: string;
  onSelect?: () => void;
  icon?: ReactNode;
}

/** A disclosure menu: opens on click, closes on choice, outside click or Escape. */
export function Dropdown({ label, items }: { label: string; items: readonly DropdownItem[] }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useOutsideClick(ref, close, open);

  return (
    <div className="dropdown" ref={ref}>
      <button
        type="button"
        className="nav-link dropdown-toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
        <svg viewBox="0 0 12 12" width="10" height="10" aria-hidden="true">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
      {open && (
        <ul className="popover dropdown-menu" id={menuId}>
          {items.map((item) => (
            <li key={item.label}>
              {item.href ? (
                <a href={item.href} onClick={close}>
                  {item.icon}
                  {item.label}
                </a>
              ) : (
                <button
                  type="button"
                  onClick={() => {
                    item.onSelect?.();
                    close();
                  }}
                >
                  {item.icon}
                  {item.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
