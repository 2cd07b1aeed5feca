import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';

import { useDialog } from './use-dialog';

function Dialog({ onEscape, step = 'one' }: { onEscape: () => void; step?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const onKeyDown = useDialog(ref, { onEscape, focusKey: step });
  return (
    <div ref={ref} role="dialog" aria-label="Test dialog" tabIndex={-1} onKeyDown={onKeyDown}>
      <button type="button">First {step}</button>
      <button type="button" data-autofocus>
        Chosen
      </button>
      <button type="button">Last</button>
    </div>
  );
}

function Page({ initial = false }: { initial?: boolean }) {
  const [open, setOpen] = useState(initial);
  const [step, setStep] = useState('one');
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button" onClick={() => setStep('two')}>
        Next step
      </button>
      {open && <Dialog step={step} onEscape={() => setOpen(false)} />}
    </>
  );
}

describe('useDialog', () => {
  it('moves the focus in (data-autofocus first), keeps Tab inside, and gives it back on Escape', () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Chosen' }));
    expect(document.body.style.overflow).toBe('hidden');

    // Tab from the last wraps to the first, Shift+Tab from the first to the last.
    const dialog = screen.getByRole('dialog');
    screen.getByRole('button', { name: 'Last' }).focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'First one' }));
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Last' }));

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' }));
    expect(document.body.style.overflow).toBe('');
  });

  it('focuses the element it is given, and moves the focus in again when the step changes', () => {
    function WithTarget() {
      const target = useRef<HTMLButtonElement>(null);
      const ref = useRef<HTMLDivElement>(null);
      const onKeyDown = useDialog(ref, { onEscape: () => {}, initialFocus: target });
      return (
        <div ref={ref} role="dialog" aria-label="Targeted" tabIndex={-1} onKeyDown={onKeyDown}>
          <button type="button" data-autofocus>
            Not this
          </button>
          <button type="button" ref={target}>
            This one
          </button>
        </div>
      );
    }
    const { unmount } = render(<WithTarget />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'This one' }));
    unmount();

    render(<Page initial />);
    screen.getByRole('button', { name: 'Last' }).focus();
    act(() => screen.getByRole('button', { name: 'Next step' }).click());
    screen.getByRole('button', { name: 'First two' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Chosen' }));
  });

  it('keeps the focus on a dialog with nothing to focus', () => {
    function Empty() {
      const ref = useRef<HTMLDivElement>(null);
      const onKeyDown = useDialog(ref, { onEscape: () => {} });
      return (
        <div ref={ref} role="dialog" aria-label="Empty" tabIndex={-1} onKeyDown={onKeyDown}>
          Nothing here
        </div>
      );
    }
    render(<Empty />);
    expect(document.activeElement).toBe(screen.getByRole('dialog'));
    const tab = fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Tab' });
    expect(tab).toBe(false); // the browser's move is prevented
    expect(document.activeElement).toBe(screen.getByRole('dialog'));
  });
});
