import {
  CHI_SQUARE_31_DF_1_PERCENT,
  simulateSlot,
} from '../../apps/house-vendor/src/games/slot-statistics.ts';
import { paytableFor, rtpBasisPoints } from '../../apps/house-vendor/src/games/slot.ts';
import { detail, figure, line } from './report.ts';

/**
 * Issue 5: the house vendor's slot through the real provably fair derivation. The stops of
 * the first 1,000,000 spins by chi-square (1% level, 31 degrees of freedom), and the RTP of
 * SLOT_SPINS spins (10,000,000 by default) against the paytable's exact RTP.
 */
export const slotSection = async () => {
  const spins = Number(process.env.SLOT_SPINS ?? 10_000_000);
  const paytable = paytableFor(9600);
  const exactBps = rtpBasisPoints(paytable);
  console.log(
    `\nHouse slot statistics (configured RTP 96.00%, paytable exact ${(exactBps / 100).toFixed(4)}%)`,
  );
  const stops = await simulateSlot(paytable, Math.min(spins, 1_000_000));
  figure(
    'reel stops chi-square, 1M spins',
    stops.chiSquare.map((value) => value.toFixed(1)).join(' / '),
    `each < ${CHI_SQUARE_31_DF_1_PERCENT} (1% level)`,
  );
  const started = performance.now();
  const run = await simulateSlot(paytable, spins, {
    serverSeed: 'bench-rtp-server-seed',
    clientSeed: 'bench-rtp-client-seed',
  });
  line(
    `simulated RTP, ${spins.toLocaleString('en')} spins`,
    `${(run.rtpBps / 100).toFixed(3)}%`,
    'paytable RTP',
    `${(exactBps / 100).toFixed(3)}%`,
    (run.rtpBps / exactBps).toFixed(4),
    `within 0.5 points: ${(Math.abs(run.rtpBps - exactBps) / 100).toFixed(3)} off`,
  );
  detail(
    `standard error ${(run.standardErrorBps / 100).toFixed(3)} points; ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
};
