import { bus, notify } from '@hypertek/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';

import { renderPage } from '../../../../testing/render';

/** The toast that shows `text`, once react-toastify has loaded and shown it. */
async function findToast(text: string) {
  const message = await screen.findByText(text);
  const toast = message.closest<HTMLElement>('.Toastify__toast');
  expect(toast).not.toBeNull();
  return toast!;
}
const shownToasts = () => document.querySelectorAll('.Toastify__toast');
const duration = (toast: HTMLElement) =>
  toast.querySelector<HTMLElement>('[role="progressbar"]')?.style.animationDuration;

describe('toasts', () => {
  it('shows nothing until the first toast is asked for', async () => {
    await renderPage('/');

    expect(document.querySelector('.Toastify')).toBeNull();
  });

  it('shows a success toast at the top right, for 2 s', async () => {
    await renderPage('/');

    act(() => notify.success('x'));

    const toast = await findToast('x');
    expect(toast).toHaveClass('Toastify__toast--success');
    expect(toast).toHaveAttribute('role', 'alert');
    expect(toast.closest('.Toastify__toast-container')).toHaveClass(
      'Toastify__toast-container--top-right',
    );
    expect(duration(toast)).toBe('2000ms');
  });

  it('shows an error toast for 4 s', async () => {
    await renderPage('/');

    act(() => notify.error('Discord login failed!'));

    const toast = await findToast('Discord login failed!');
    expect(toast).toHaveClass('Toastify__toast--error');
    expect(duration(toast)).toBe('4000ms');
  });

  it('shows info and warning toasts for 4 s, and honours a requested duration', async () => {
    await renderPage('/');

    act(() => {
      notify.info('Check for MetaMask popup!', { autoClose: 10_000 });
      notify.warning('Careful');
    });

    const info = await findToast('Check for MetaMask popup!');
    expect(info).toHaveClass('Toastify__toast--info');
    expect(duration(info)).toBe('10000ms');
    const warning = await findToast('Careful');
    expect(warning).toHaveClass('Toastify__toast--warning');
    expect(duration(warning)).toBe('4000ms');
  });

  it('shows every toast asked for while the library was loading, and later ones', async () => {
    await renderPage('/');

    act(() => {
      notify.success('one');
      notify.error('two');
      bus.emit('toast:requested', { kind: 'info', message: 'three' });
    });
    await findToast('one');
    await findToast('two');
    await findToast('three');

    act(() => notify.info('four'));
    await findToast('four');
    expect(shownToasts()).toHaveLength(4);
  });

  it('keeps one toast for one id: a second request updates it', async () => {
    await renderPage('/');
    act(() => notify.info('Waiting for the wallet…', { id: 'wallet' }));
    await findToast('Waiting for the wallet…');

    act(() => notify.info('Still waiting…', { id: 'wallet' }));

    await findToast('Still waiting…');
    expect(screen.queryByText('Waiting for the wallet…')).not.toBeInTheDocument();
    expect(shownToasts()).toHaveLength(1);
  });

  it('shows at most 20 toasts at once', async () => {
    await renderPage('/');

    act(() => {
      for (let n = 1; n <= 25; n += 1) notify.error(`failure ${n}`);
    });

    await findToast('failure 20');
    await waitFor(() => expect(shownToasts()).toHaveLength(20));
    expect(screen.queryByText('failure 21')).not.toBeInTheDocument();
    expect(screen.queryByText('failure 25')).not.toBeInTheDocument();
  });

  describe('error toasts belong to the page and the attempt that raised them', () => {
    /** The toast showing `text` leaves (react-toastify plays its exit, then removes it). */
    const gone = async (text: string) => {
      const toast = screen.queryByText(text)?.closest('.Toastify__toast');
      if (toast) fireEvent.animationEnd(toast);
      await waitFor(() => expect(screen.queryByText(text)).not.toBeInTheDocument());
    };

    it('a form error goes when the path changes; other toasts stay', async () => {
      const { navigate } = await renderPage('/signup');
      act(() => {
        notify.error('Passwords do not match');
        notify.info('Check for MetaMask popup!');
      });
      await findToast('Passwords do not match');

      await navigate('/');

      await gone('Passwords do not match');
      expect(screen.getByText('Check for MetaMask popup!')).toBeInTheDocument();
    });

    it('a form error goes when a success toast arrives (the form went through)', async () => {
      await renderPage('/signup');
      act(() => notify.error('Passwords do not match'));
      await findToast('Passwords do not match');

      act(() => notify.success('Signup successful!'));

      await findToast('Signup successful!');
      await gone('Passwords do not match');
    });

    it('an error still waiting for the library is dropped when the path changes', async () => {
      const { navigate } = await renderPage('/signup');
      act(() => notify.error('Passwords do not match'));
      await navigate('/');
      act(() => notify.info('Welcome'));

      await findToast('Welcome');
      expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
    });

    it('keeps an error the new page raises as it opens', async () => {
      const { navigate } = await renderPage('/');
      act(() => notify.info('ready'));
      await findToast('ready');

      await navigate('/market-place');
      act(() => notify.error('Failed to fetch market data'));

      expect(await findToast('Failed to fetch market data')).toBeInTheDocument();
    });
  });
});
