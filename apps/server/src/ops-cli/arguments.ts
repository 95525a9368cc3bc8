import type { Endpoint } from '@lanna/contract';

/** What a command line asks of one endpoint: path parameters, query and body fields. */
export type OpsRequest = {
  params: Record<string, string>;
  query: Record<string, string>;
  body: Record<string, unknown> | undefined;
};

export class OpsUsageError extends Error {
  override readonly name = 'OpsUsageError';
}

const pathParamsOf = (path: string): string[] =>
  [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] ?? '');

/**
 * `--field value` and `--field=value` give a string; `--field:=<json>` gives any JSON value
 * (numbers, booleans, objects), as httpie does, so an amount of minor units stays the string
 * the contract expects unless one asks otherwise.
 */
const readFlags = (args: readonly string[]): Map<string, unknown> => {
  const flags = new Map<string, unknown>();
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    const match = /^--([A-Za-z][A-Za-z0-9]*)(:?=)?(.*)$/s.exec(arg);
    if (!match?.[1]) throw new OpsUsageError(`unexpected argument '${arg}'`);
    const [, name, operator, inline] = match;
    if (flags.has(name)) throw new OpsUsageError(`--${name} is given twice`);
    if (operator === ':=') {
      try {
        flags.set(name, JSON.parse(inline ?? ''));
      } catch {
        throw new OpsUsageError(`--${name}:= must be followed by JSON`);
      }
    } else if (operator === '=') {
      flags.set(name, inline);
    } else {
      const value = args[index + 1];
      if (value === undefined || value.startsWith('--'))
        throw new OpsUsageError(`--${name} needs a value`);
      flags.set(name, value);
      index += 1;
    }
  }
  return flags;
};

/** Splits the flags between the endpoint's path, its query (GET, DELETE) and its body. */
export const toOpsRequest = (endpoint: Endpoint, args: readonly string[]): OpsRequest => {
  const flags = readFlags(args);
  const params: Record<string, string> = {};
  for (const name of pathParamsOf(endpoint.path)) {
    const value = flags.get(name);
    if (typeof value !== 'string') throw new OpsUsageError(`--${name} is required`);
    params[name] = value;
    flags.delete(name);
  }
  const rest = Object.fromEntries(flags);
  if (endpoint.method === 'GET' || endpoint.method === 'DELETE') {
    const query: Record<string, string> = {};
    for (const [name, value] of Object.entries(rest))
      query[name] = typeof value === 'string' ? value : JSON.stringify(value);
    return { params, query, body: undefined };
  }
  return { params, query: {}, body: rest };
};

export const fillPath = (path: string, params: Record<string, string>): string =>
  path.replace(/:([A-Za-z]+)/g, (_whole, name: string) => encodeURIComponent(params[name] ?? ''));
