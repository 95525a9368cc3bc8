import { loginOverHttp } from './member-login.ts';
import { compareRates, detail, figure } from './report.ts';
import { measureAtRate } from './paced-load.ts';
import { measureInTurns, warmUp } from './throughput.ts';

const HOST = 'lanna.localhost';

/**
 * The header balance read over HTTP by a signed-in member, on the real server, against
 * bare Fastify's hello-world; then p99 at half the balance read's measured maximum.
 */
export const balanceSection = async (
  lannaUrl: string,
  bareUrl: string,
  database: string,
  seconds: number,
) => {
  const token = await loginOverHttp(lannaUrl, HOST, 'demo_member', 'Demo@12345');
  const headers = { host: HOST, authorization: `Bearer ${token}` };
  const url = `${lannaUrl}/wps/v2/wallets/balance`;
  await warmUp(url, { headers });
  await warmUp(bareUrl, {});
  const { ours, peer } = await measureInTurns(
    { url, load: { headers } },
    { url: bareUrl, load: {} },
    seconds,
  );
  const halfRate = Math.max(1, Math.floor(ours.requestsPerSecond / 2));
  const half = await measureAtRate(url, { headers }, halfRate, seconds);
  // What this machine does to any server at that rate: the floor under our p99.
  const bareHalf = await measureAtRate(bareUrl, {}, halfRate, seconds);
  console.log(
    `\nGET /wps/v2/wallets/balance (member token, ${database}) vs bare Fastify hello-world (${seconds} s each, in turns, 40 connections)`,
  );
  compareRates(
    'balance reads/s',
    ours.requestsPerSecond,
    'bare Fastify requests/s',
    peer.requestsPerSecond,
    '>= 0.70',
  );
  figure(`p99 at half load, ${halfRate} req/s (ms)`, half.p99Ms.toFixed(2), 'information');
  detail(
    `at half load: ${half.requestsPerSecond.toFixed(0)} req/s answered, p50 ${half.p50Ms.toFixed(2)} ms; ` +
      `bare Fastify at the same rate p50 ${bareHalf.p50Ms.toFixed(2)} ms, p99 ${bareHalf.p99Ms.toFixed(2)} ms`,
  );
  detail(
    `at full load: p99 ${ours.p99Ms.toFixed(1)} ms, bare Fastify p99 ${peer.p99Ms.toFixed(1)} ms`,
  );
  const errors = ours.errors + half.errors + peer.errors + bareHalf.errors;
  if (errors > 0)
    detail(
      `errors or non-2xx: ours ${ours.errors + half.errors}, bare ${peer.errors + bareHalf.errors}`,
    );
};
