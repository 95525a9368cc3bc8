import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Icon } from '../icon';
import { trapTab } from './focus-trap';
import styles from './modal.module.css';
import { lockBodyScroll } from './scroll-lock';
import { useDrag } from './use-drag';

/** Modals open after this delay (spec section 2, Generic modal). */
export const MODAL_OPEN_DELAY_MS = 100;

type Closable =
  | { closable: true; closeLabel: string; onClose: () => void }
  | { closable?: false; closeLabel?: undefined; onClose?: (() => void) | undefined };

export type ModalProps = Closable & {
  /** Every modal is named: the name keys test hooks and analytics (`modal-<name>`). */
  name: string;
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
};

/** Open modals, newest last: only the top one answers Escape and traps Tab. */
const openStack: string[] = [];
const isTop = (id: string): boolean => openStack[openStack.length - 1] === id;

const hasNativeModal = (dialog: HTMLDialogElement): boolean =>
  typeof dialog.showModal === 'function';

/**
 * The generic modal: a native <dialog> shown with showModal (top layer, inert page, focus
 * moved in and returned to the opener on close), never closed by an outside click, closed by
 * Escape only when `closable`, draggable by its header, and locking the page scroll while open.
 */
export const Modal = (props: ModalProps) => {
  const { name, open, title, children, footer, size = 'md', closable, closeLabel, onClose } = props;
  if (!name) throw new Error('Modal requires a name');

  const id = useId();
  const titleId = `${id}-title`;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<Element | null>(null);
  const [ready, setReady] = useState(false);
  const shown = open && ready;
  const [native, setNative] = useState(true);
  const { offset, reset, handleProps } = useDrag(() => dialogRef.current);

  const onCloseRef = useRef(onClose);
  const closableRef = useRef(closable);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
    closableRef.current = closable;
  });

  const requestClose = useCallback(() => {
    if (closableRef.current) onCloseRef.current?.();
  }, []);

  useEffect(() => {
    if (!open) return;
    openerRef.current = document.activeElement;
    const timer = window.setTimeout(() => setReady(true), MODAL_OPEN_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      setReady(false);
    };
  }, [open]);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!shown || !dialog) return;
    const isNative = hasNativeModal(dialog);
    setNative(isNative);
    const releaseScroll = lockBodyScroll();
    openStack.push(id);

    const onCancel = (event: Event) => {
      event.preventDefault();
      requestClose();
    };
    // Something else closed the dialog (a form with method=dialog): keep it honest.
    const onNativeClose = () => (closableRef.current ? requestClose() : dialog.showModal());
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTop(id)) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        requestClose();
      } else if (!isNative) {
        trapTab(dialog, event);
      }
    };

    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    document.addEventListener('keydown', onKeyDown);
    if (isNative) {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    // Focus the dialog itself: screen readers announce its title, and no control looks pressed.
    dialog.focus();

    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
      document.removeEventListener('keydown', onKeyDown);
      if (isNative && dialog.open) dialog.close();
      else dialog.removeAttribute('open');
      openStack.splice(openStack.indexOf(id), 1);
      releaseScroll();
      const opener = openerRef.current;
      if (opener instanceof HTMLElement && opener.isConnected)
        opener.focus({ preventScroll: true });
      reset();
    };
  }, [shown, id, requestClose, reset]);

  if (!shown) return null;

  return (
    <>
      {!native && <div className={styles.fallbackBackdrop} aria-hidden="true" />}
      <dialog
        ref={dialogRef}
        className={styles.dialog}
        data-size={size}
        data-testid={`modal-${name}`}
        data-modal={name}
        aria-labelledby={titleId}
        aria-modal="true"
        tabIndex={-1}
        style={{ translate: `${offset.x}px ${offset.y}px` }}
      >
        <header className={styles.header} data-testid="modal-handle" {...handleProps}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {closable && (
            <button
              type="button"
              className={styles.close}
              aria-label={closeLabel}
              title={closeLabel}
              data-testid="modal-close"
              onClick={onClose}
            >
              <Icon name="close" />
            </button>
          )}
        </header>
        <div className={styles.body}>{children}</div>
        {footer && <footer className={styles.footer}>{footer}</footer>}
      </dialog>
    </>
  );
};
