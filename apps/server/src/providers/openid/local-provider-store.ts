import type { Adapter, AdapterPayload } from 'oidc-provider';

// The local provider's sessions, interactions, codes, grants and tokens: a few per sign-in.
const MAX_ENTRIES = 5000;

type Entry = { value: AdapterPayload | string; expiresAt: number };

/**
 * oidc-provider's storage for the local provider: in memory, bounded, entries dropped at
 * their expiry. It serves one process, which is all a development provider needs; a real
 * provider is somebody else's server.
 */
export const createLocalProviderStore = () => {
  const entries = new Map<string, Entry>();
  const byGrant = new Map<string, Set<string>>();

  const read = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) entries.delete(key);
    return entry && entry.expiresAt > Date.now() ? entry.value : undefined;
  };
  const write = (key: string, value: AdapterPayload | string, expiresInSeconds?: number) => {
    // Map keeps insertion order: when full, the oldest entries go first.
    for (const oldest of entries.keys()) {
      if (entries.size < MAX_ENTRIES) break;
      entries.delete(oldest);
    }
    const expiresAt = Date.now() + (expiresInSeconds ?? 3600) * 1000;
    entries.delete(key);
    entries.set(key, { value, expiresAt });
  };

  return (model: string): Adapter => {
    const keyOf = (id: string) => `${model}:${id}`;
    const find = (id: string) => {
      const value = read(keyOf(id));
      return Promise.resolve(typeof value === 'object' ? value : undefined);
    };
    return {
      upsert: (id, payload, expiresIn) => {
        write(keyOf(id), payload, expiresIn);
        if (model === 'Session' && payload.uid) write(`sessionUid:${payload.uid}`, id, expiresIn);
        if (payload.grantId) {
          const keys = byGrant.get(payload.grantId) ?? new Set<string>();
          if (byGrant.size >= MAX_ENTRIES) byGrant.clear();
          byGrant.set(payload.grantId, keys.add(keyOf(id)));
        }
        return Promise.resolve();
      },
      find,
      findByUid: (uid) => {
        const id = read(`sessionUid:${uid}`);
        return typeof id === 'string' ? find(id) : Promise.resolve(undefined);
      },
      // Device flow is off: no user codes.
      findByUserCode: () => Promise.resolve(undefined),
      consume: (id) => {
        const value = read(keyOf(id));
        if (typeof value === 'object') value.consumed = Math.floor(Date.now() / 1000);
        return Promise.resolve();
      },
      destroy: (id) => {
        entries.delete(keyOf(id));
        return Promise.resolve();
      },
      revokeByGrantId: (grantId) => {
        for (const key of byGrant.get(grantId) ?? []) entries.delete(key);
        byGrant.delete(grantId);
        return Promise.resolve();
      },
    };
  };
};
