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

/** CPU milliseconds of every process named `name` (all of a PostgreSQL server's), or null. */
const processesCpuMs = (name: string): number | null => {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return null;
  }
  let total = 0;
  for (const pid of entries) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== name) continue;
    } catch {
      continue;
    }
    total += processCpuMs(pid) ?? 0;
  }
  return total;
};

export type CpuSample = { server: number; postgres: number; client: number };

/** CPU used so far by the server process, all PostgreSQL processes and this process. */
export const sampleCpu = (serverPid: number | undefined): CpuSample | null => {
  const server = serverPid === undefined ? null : processCpuMs(serverPid);
  const postgres = processesCpuMs('postgres');
  if (server === null || postgres === null) return null;
  const own = process.cpuUsage();
  return { server, postgres, client: (own.user + own.system) / 1000 };
};

/** CPU microseconds each side spent per unit of work between two samples. */
export const cpuPerUnit = (before: CpuSample, after: CpuSample, units: number): CpuSample => {
  const per = (ms: number) => (ms * 1000) / Math.max(1, units);
  return {
    server: per(after.server - before.server),
    postgres: per(after.postgres - before.postgres),
    client: per(after.client - before.client),
  };
};
