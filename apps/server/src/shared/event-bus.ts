/**
 * A small typed in-process event bus (architecture.md: services publish after commit, the
 * WebSocket gateway pushes to the member). Events are facts that already happened: a listener
 * cannot refuse or undo one, so a failing listener is reported and the others still run.
 * Cross-node fan-out (Redis) can later subscribe here and republish.
 */
export type EventListener<T> = (event: T) => void;

export type EventBus<Events extends Record<string, unknown>> = {
  /** Subscribes; the returned function unsubscribes. */
  on<K extends keyof Events>(name: K, listener: EventListener<Events[K]>): () => void;
  emit<K extends keyof Events>(name: K, event: Events[K]): void;
};

/** Where a publisher sends events: the bus, or nothing when no one listens (scripts, seed). */
export type EventSink<Events extends Record<string, unknown>> = Pick<EventBus<Events>, 'emit'>;

export const createEventBus = <Events extends Record<string, unknown>>(
  onListenerError: (error: unknown, name: keyof Events) => void = (error, name) =>
    process.emitWarning(`listener of ${String(name)} failed: ${String(error)}`),
): EventBus<Events> => {
  const listeners = new Map<keyof Events, Set<EventListener<never>>>();
  return {
    on: (name, listener) => {
      const set = listeners.get(name) ?? new Set();
      listeners.set(name, set);
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    emit: (name, event) => {
      for (const listener of listeners.get(name) ?? []) {
        try {
          (listener as EventListener<typeof event>)(event);
        } catch (error) {
          onListenerError(error, name);
        }
      }
    },
  };
};
