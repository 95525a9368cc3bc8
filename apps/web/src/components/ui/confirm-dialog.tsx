import type { ReactNode } from 'react';
import { Modal } from './modal/modal';
import { Spinner } from './spinner';

type ConfirmDialogProps = {
  /** The modal's name (`modal-<name>` test hook). */
  name: string;
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  /** Without a cancel label the dialog is a notice with one button. */
  cancelLabel?: string;
  onCancel?: () => void;
  /** While the confirmed action runs: the buttons give way to a loader. */
  busy?: boolean;
  busyLabel?: string;
  confirmTestId?: string;
  cancelTestId?: string;
};

/**
 * A small question or notice over the page: a message and one or two buttons. Escape and the
 * close button count as cancel (or as confirm for a one-button notice).
 */
export const ConfirmDialog = ({
  name,
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  cancelLabel,
  onCancel,
  busy = false,
  busyLabel,
  confirmTestId,
  cancelTestId,
}: ConfirmDialogProps) => {
  const dismiss = onCancel ?? onConfirm;
  return (
    <Modal
      name={name}
      open={open}
      title={title}
      size="sm"
      {...(busy
        ? { closable: false }
        : { closable: true, closeLabel: cancelLabel ?? confirmLabel, onClose: dismiss })}
      footer={
        busy ? (
          <Spinner label={busyLabel ?? confirmLabel} size={24} />
        ) : (
          <>
            {cancelLabel && (
              <button
                type="button"
                className="btn btn--ghost"
                data-testid={cancelTestId}
                onClick={dismiss}
              >
                {cancelLabel}
              </button>
            )}
            <button
              type="button"
              className="btn btn--primary"
              data-testid={confirmTestId}
              onClick={onConfirm}
            >
              {confirmLabel}
            </button>
          </>
        )
      }
    >
      {children}
    </Modal>
  );
};
