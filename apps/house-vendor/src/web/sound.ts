/*
 * The games' sound: short tones made with the Web Audio API (no audio files to fetch). Off
 * until the player turns it on (issue 29: a page must not start making noise by itself); the
 * choice is remembered in this browser for every house game.
 */

export const SOUND_STORAGE_KEY = 'house-vendor-sound';

type PreferenceStore = Pick<Storage, 'getItem' | 'setItem'>;

export const isSoundOn = (storage: PreferenceStore): boolean =>
  storage.getItem(SOUND_STORAGE_KEY) === 'on';

export const rememberSound = (storage: PreferenceStore, on: boolean): void =>
  storage.setItem(SOUND_STORAGE_KEY, on ? 'on' : 'off');

/** A note: its pitch, when it starts after the cue and how long it sounds. */
type Note = { hz: number; atMs: number; ms: number };

export type Cue = 'play' | 'stop' | 'win' | 'lose' | 'reveal';

/** Each cue's notes: a tick to start, rising notes for a win, one low note for a loss. */
export const CUES: Record<Cue, readonly Note[]> = {
  play: [{ hz: 440, atMs: 0, ms: 60 }],
  stop: [{ hz: 330, atMs: 0, ms: 50 }],
  reveal: [{ hz: 660, atMs: 0, ms: 50 }],
  win: [
    { hz: 523, atMs: 0, ms: 120 },
    { hz: 659, atMs: 110, ms: 120 },
    { hz: 784, atMs: 220, ms: 220 },
  ],
  lose: [{ hz: 196, atMs: 0, ms: 180 }],
};

/**
 * A player of cues. The audio context is made at the first cue heard, which follows a tap or a
 * key (browsers only let a page start audio after a gesture).
 */
export const createSound = (enabled: () => boolean) => {
  let context: AudioContext | null = null;
  return (cue: Cue): void => {
    if (!enabled() || typeof AudioContext === 'undefined') return;
    context ??= new AudioContext();
    const start = context.currentTime;
    for (const note of CUES[cue]) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'triangle';
      oscillator.frequency.value = note.hz;
      const from = start + note.atMs / 1000;
      const to = from + note.ms / 1000;
      // A quick fade in and out, so a tone starts and ends without a click.
      gain.gain.setValueAtTime(0, from);
      gain.gain.linearRampToValueAtTime(0.15, from + 0.01);
      gain.gain.linearRampToValueAtTime(0, to);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(from);
      oscillator.stop(to + 0.02);
    }
  };
};
