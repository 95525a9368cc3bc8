// Proves how a customer-service link is chosen: the entry of the asked type, else the first.
import { describe, expect, it } from 'vitest';
import { lineEntriesOf, pickServiceEntry } from './customer-service';

const entries = [
  { csType: 'TELEGRAM', title: 'Telegram', path: 'https://t.me/a' },
  { csType: 'LINE', title: 'LINE 1', path: 'https://line.me/1' },
  { csType: 'LINE', title: 'LINE 2', path: 'https://line.me/2' },
];

describe('pickServiceEntry', () => {
  it('answers the first entry of the asked type', () => {
    expect(pickServiceEntry(entries, 'LINE')?.title).toBe('LINE 1');
  });

  it('falls back to the first entry when the type is missing or not asked', () => {
    expect(pickServiceEntry(entries, 'WHATSAPP')?.title).toBe('Telegram');
    expect(pickServiceEntry(entries)?.title).toBe('Telegram');
    expect(pickServiceEntry([], 'LINE')).toBeUndefined();
  });

  it('lists the LINE entries for the LINE list pop-up', () => {
    expect(lineEntriesOf(entries).map((entry) => entry.title)).toEqual(['LINE 1', 'LINE 2']);
  });
});
