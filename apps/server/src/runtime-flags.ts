import { setFlagsFromString } from 'node:v8';

/**
 * V8 settings the server runs with, set before anything else loads (main.ts imports this
 * first), so they hold however the process is started (npm start, the bench, a supervisor).
 *
 * Allocation-site pretenuring off: under a burst, requests wait long enough for their objects
 * to survive young collections, and V8 then allocates every object of those sites straight in
 * the old generation for good. A request's objects all die young, so from then on each request
 * fed the old generation (7.5 MB/s at 27,000 searches/s) and a mark-compact with a 9 ms pause
 * and 55 ms of concurrent marking came every 30 s: the games search's p99 at half its rate was
 * 5 to 16 ms. Without pretenuring the heap stayed at 83 MB, scavenges took 0.4 ms, no
 * mark-compact ran in 27 s of load, and the same p99 was 2.0 to 2.4 ms.
 */
setFlagsFromString('--no-allocation-site-pretenuring');
