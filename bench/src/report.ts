/** How `npm run bench` prints: a figure, its peer from the same run, the ratio and the goal. */
export const ratio = (value: number, peer: number): string =>
  peer > 0 ? (value / peer).toFixed(2) : '-';

export const line = (
  label: string,
  value: string,
  peerLabel: string,
  peer: string,
  r: string,
  goal: string,
) =>
  console.log(
    `${label.padEnd(34)} ${value.padStart(12)}   ${peerLabel.padEnd(26)} ${peer.padStart(12)}   ratio ${r.padStart(5)}  (goal ${goal})`,
  );

/** Two rates side by side, whole numbers; without a peer figure the ratio is '-'. */
export const compareRates = (
  label: string,
  value: number,
  peerLabel: string,
  peer: number | null,
  goal: string,
) =>
  line(
    label,
    value.toFixed(0),
    peerLabel,
    peer === null ? '-' : peer.toFixed(0),
    peer === null ? '-' : ratio(value, peer),
    goal,
  );

/** A figure with no peer of its own: a latency against an absolute goal. */
export const figure = (label: string, value: string, goal: string) =>
  console.log(`${label.padEnd(34)} ${value.padStart(12)}   (goal ${goal})`);

export const detail = (text: string) => console.log(`  ${text}`);

export const skipped = (label: string, why: string) =>
  console.log(`${label.padEnd(34)} skipped: ${why}`);
