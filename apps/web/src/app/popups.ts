import { useSyncExternalStore } from 'react';

/**
 * Pop-ups opened by an action rather than a route (the login and register pop-ups follow
 * /login and /register; the forced password change follows the session). One at a time; the
 * modal host renders it. 'forgetPass' is the spec's forgetPassModal.
 */
export type ActionPopup = 'speed' | 'chat' | 'forgetPass';

let current: ActionPopup | null = null;
const listeners = new Set<() => void>();

const emit = () => {
  for (const listener of listeners) listener();
};

export const openPopup = (popup: ActionPopup): void => {
  current = popup;
  emit();
};

export const closePopup = (): void => {
  current = null;
  emit();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useActionPopup = (): ActionPopup | null =>
  useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
