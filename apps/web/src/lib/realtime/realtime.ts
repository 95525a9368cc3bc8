import type { RealtimeTopic, ServerFrame } from '@lanna/contract';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { defaultRealtimeUrl, RealtimeClient, type RealtimeStatus } from './realtime-client';

/** The tab's one realtime connection; the realtime provider starts it and gives it the token. */
export const realtime = new RealtimeClient({ url: defaultRealtimeUrl });

type FrameType = ServerFrame['type'];

/** Calls `handler` for each frame of a type while the component is mounted (latest handler). */
export const useRealtimeFrame = <T extends FrameType>(
  type: T,
  handler: (frame: Extract<ServerFrame, { type: T }>) => void,
): void => {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => realtime.on(type, (frame) => latest.current(frame)), [type]);
};

/** Joins a topic while mounted (and `enabled`). */
export const useRealtimeTopic = (topic: RealtimeTopic, enabled = true): void => {
  useEffect(() => (enabled ? realtime.subscribe(topic) : undefined), [topic, enabled]);
};

export const useRealtimeStatus = (): RealtimeStatus =>
  useSyncExternalStore(
    (listener) => realtime.onStatus(listener),
    () => realtime.status,
    () => 'idle',
  );
