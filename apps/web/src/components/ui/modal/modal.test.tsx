/**
 * Proves the generic modal's contract (spec section 2, Generic modal): it needs a name, opens
 * after 100 ms, ignores outside clicks, closes on Escape only when closable, locks the page
 * scroll and puts it back exactly, and hands focus back to whoever opened it.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Modal, MODAL_OPEN_DELAY_MS, type ModalProps } from './modal';

const openAfterDelay = () =>
  act(() => {
    vi.advanceTimersByTime(MODAL_OPEN_DELAY_MS);
  });

const Harness = (props: { closable: boolean; onClose?: () => void }) => {
  const [open, setOpen] = useState(false);
  const close = () => {
    props.onClose?.();
    setOpen(false);
  };
  const closing = props.closable
    ? ({ closable: true, closeLabel: 'Close', onClose: close } as const)
    : ({ closable: false, onClose: close } as const);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        opener
      </button>
      <p>outside</p>
      <Modal name="testModal" open={open} title="Modal title" {...closing}>
        <button type="button">inside</button>
      </Modal>
    </>
  );
};

describe('Modal', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refuses to render without a name', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const nameless = { name: '', open: true, title: 'x' } as ModalProps;
    expect(() => render(<Modal {...nameless} />)).toThrow('Modal requires a name');
    spy.mockRestore();
  });

  it('opens 100 ms after being asked, labelled by its title', () => {
    render(<Harness closable />);
    fireEvent.click(screen.getByText('opener'));
    expect(screen.queryByTestId('modal-testModal')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(MODAL_OPEN_DELAY_MS - 1);
    });
    expect(screen.queryByTestId('modal-testModal')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    const dialog = screen.getByTestId('modal-testModal');
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveAccessibleName('Modal title');
    expect(screen.getByTestId('modal-handle')).toBeInTheDocument();
  });

  it('is not closed by a click outside it', () => {
    const onClose = vi.fn();
    render(<Harness closable onClose={onClose} />);
    fireEvent.click(screen.getByText('opener'));
    openAfterDelay();
    fireEvent.pointerDown(document.body);
    fireEvent.mouseDown(document.body);
    fireEvent.click(document.body);
    fireEvent.click(screen.getByText('outside'));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('modal-testModal')).toBeInTheDocument();
  });

  it('closes on Escape when closable', () => {
    const onClose = vi.fn();
    render(<Harness closable onClose={onClose} />);
    fireEvent.click(screen.getByText('opener'));
    openAfterDelay();
    fireEvent.keyDown(screen.getByText('inside'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('modal-testModal')).toBeNull();
  });

  it('ignores Escape and cancels the cancel event when not closable', () => {
    const onClose = vi.fn();
    render(<Harness closable={false} onClose={onClose} />);
    fireEvent.click(screen.getByText('opener'));
    openAfterDelay();
    const dialog = screen.getByTestId('modal-testModal');
    fireEvent.keyDown(screen.getByText('inside'), { key: 'Escape' });
    const cancel = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('modal-testModal')).toBeInTheDocument();
    expect(screen.queryByTestId('modal-close')).toBeNull();
  });

  it('locks the page scroll while open and restores the exact position on close', () => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 1234 });
    const scrollTo = vi.spyOn(window, 'scrollTo');
    scrollTo.mockClear();
    render(<Harness closable />);
    fireEvent.click(screen.getByText('opener'));
    openAfterDelay();
    expect(document.body.style.position).toBe('fixed');
    expect(document.body.style.top).toBe('-1234px');

    fireEvent.click(screen.getByTestId('modal-close'));
    expect(document.body.getAttribute('style')).toBeNull();
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 1234, left: 0, behavior: 'instant' });
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });

  it('moves focus inside and returns it to the opener on close', () => {
    render(<Harness closable />);
    const opener = screen.getByText('opener');
    opener.focus();
    fireEvent.click(opener);
    openAfterDelay();
    expect(screen.getByTestId('modal-testModal')).toContainElement(
      document.activeElement as HTMLElement,
    );
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(document.activeElement).toBe(opener);
  });

  it('moves with its header when dragged', () => {
    render(<Harness closable />);
    fireEvent.click(screen.getByText('opener'));
    openAfterDelay();
    const handle = screen.getByTestId('modal-handle');
    fireEvent.pointerDown(handle, { pointerId: 1, button: 0, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(handle, { pointerId: 1, clientX: 160, clientY: 130 });
    fireEvent.pointerUp(handle, { pointerId: 1 });
    expect(screen.getByTestId('modal-testModal').style.translate).toBe('60px 30px');
  });
});
