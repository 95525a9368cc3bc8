import { readdirSync, readFileSync } from 'node:fs';

// /proc/<pid>/stat counts CPU time in clock ticks; Linux's USER_HZ is 100 on every platform.
const MS_PER_TICK = 10;

/** User plus system CPU milliseconds of one process so far, or null where /proc is missing. */
const processCpuMs = (pid: number | string): number | null => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name, which may itself hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
  } catch {
    return null;
  }
};

/**
 * CPU milliseconds so far of each process named `name` (all of a PostgreSQL server's), by pid;
 * null when there is none on this machine (a server elsewhere) or no /proc to read.
 */
const processesCpuMs = (name: string): Map<string, number> | null => {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return null;
  }
  const byPid = new Map<string, number>();
  for (const pid of entries) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== name) continue;
    } catch {
      continue;
    }
    const used = processCpuMs(pid);
    if (used !== null) byPid.set(pid, used);
  }
  return byPid.size > 0 ? byPid : null;
};

export type CpuSample = { server: number; postgres: Map<string, number>; client: number };

/** CPU used so far by the server process, each PostgreSQL process and this process. */
export const sampleCpu = (serverPid: number | undefined): CpuSample | null => {
  const server = serverPid === undefined ? null : processCpuMs(serverPid);
  const postgres = processesCpuMs('postgres');
  if (server === null || postgres === null) return null;
  const own = process.cpuUsage();
  return { server, postgres, client: (own.user + own.system) / 1000 };
};

export type CpuPerUnit = { server: number; postgres: number; client: number };

/**
 * CPU microseconds each side spent per unit of work between two samples. A PostgreSQL process
 * that ended in between (an autovacuum worker) is left out; one that started counts whole.
 */
export const cpuPerUnit = (before: CpuSample, after: CpuSample, units: number): CpuPerUnit => {
  const per = (ms: number) => (ms * 1000) / Math.max(1, units);
  let postgres = 0;
  for (const [pid, used] of after.postgres) postgres += used - (before.postgres.get(pid) ?? 0);
  return {
    server: per(after.server - before.server),
    postgres: per(postgres),
    client: per(after.client - before.client),
  };
};
