import type { Endpoint } from '@lanna/contract';
import { z } from 'zod';
import { fillPath, OpsUsageError, toOpsRequest, type OpsRequest } from './arguments.ts';
import { opsCommands, type OpsCommand } from './commands.ts';

export type OpsCliOptions = {
  /** Where the Lanna server listens, e.g. http://localhost:3000. */
  baseUrl: string;
  apiKey: string | undefined;
  /** Who runs the command: sent along so the audit log can name a person, not only the key. */
  operator: string;
  fetch?: typeof fetch;
};

export type OpsCliResult = { exitCode: 0 | 1 | 2; stdout: string; stderr: string };

const USAGE_EXIT = 2;

const ok = (stdout: string): OpsCliResult => ({ exitCode: 0, stdout, stderr: '' });
const usageError = (stderr: string): OpsCliResult => ({ exitCode: USAGE_EXIT, stdout: '', stderr });

const listing = (commands: readonly OpsCommand[]): string =>
  [
    'Usage: npm run ops -- <command> [--field value] [--field=value] [--field:=<json>]',
    '       npm run ops -- <command> --help',
    '',
    'Commands:',
    ...commands.map(({ name, endpoint }) => `  ${name.padEnd(36)} ${endpoint.summary}`),
    '',
    'Environment: OPS_URL (default http://localhost:3000), OPERATOR_API_KEY, OPERATOR_NAME.',
  ].join('\n');

const fieldsOf = (title: string, schema: z.ZodType | undefined): string[] => {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { type?: string; description?: string }>;
    required?: string[];
  };
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(
    ([name, property]) =>
      `  --${name}${required.has(name) ? '' : ' (optional)'}  [${title}${property.type ? `, ${property.type}` : ''}]`,
  );
};

const describe = ({ name, endpoint }: OpsCommand): string =>
  [
    `${name}: ${endpoint.summary}`,
    `${endpoint.method} ${endpoint.path}`,
    '',
    ...fieldsOf('path', endpoint.params),
    ...fieldsOf('query', endpoint.query),
    ...fieldsOf('body', endpoint.body),
    '',
    'Strings go as given; use --field:=<json> for numbers, booleans, arrays and objects.',
  ].join('\n');

/** The contract's own schemas check the command line before anything is sent. */
const validate = (endpoint: Endpoint, request: OpsRequest): string[] => {
  const checks: [string, z.ZodType | undefined, unknown][] = [
    ['path', endpoint.params, request.params],
    ['query', endpoint.query, request.query],
    ['body', endpoint.body, request.body],
  ];
  return checks.flatMap(([part, schema, input]) => {
    if (!schema) return [];
    const parsed = schema.safeParse(input);
    return parsed.success
      ? []
      : parsed.error.issues.map(
          (issue) => `${part} ${issue.path.join('.') || '(whole)'}: ${issue.message}`,
        );
  });
};

type Envelope = {
  success?: boolean;
  code?: string;
  message?: string;
  value?: unknown;
};

type Issue = { path: string; message: string };

const issuesOf = (value: unknown): Issue[] =>
  typeof value === 'object' && value !== null && 'issues' in value && Array.isArray(value.issues)
    ? (value.issues as Issue[])
    : [];

const send = async (
  endpoint: Endpoint,
  request: OpsRequest,
  options: OpsCliOptions & { apiKey: string },
): Promise<OpsCliResult> => {
  const url = new URL(fillPath(endpoint.path, request.params), options.baseUrl);
  for (const [name, value] of Object.entries(request.query)) url.searchParams.set(name, value);
  const headers: Record<string, string> = {
    authorization: `Bearer ${options.apiKey}`,
    'x-operator': options.operator,
  };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  const response = await (options.fetch ?? fetch)(url, {
    method: endpoint.method,
    headers,
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
  });
  const envelope = (await response.json().catch(() => ({}))) as Envelope;
  if (response.ok && envelope.success) return ok(JSON.stringify(envelope.value, null, 2));
  const issues = issuesOf(envelope.value);
  return {
    exitCode: 1,
    stdout: '',
    stderr: [
      `${response.status} ${envelope.code ?? 'UNKNOWN'}${envelope.message ? ` (${envelope.message})` : ''}`,
      ...issues.map((issue) => `  ${issue.path}: ${issue.message}`),
    ].join('\n'),
  };
};

/**
 * `npm run ops -- <command> ...`: one operator endpoint per command, checked against the
 * contract, sent with the operator key. Exit 0 on success, 1 when the server refuses, 2 for a
 * command line that cannot be sent.
 */
export const runOpsCli = async (
  argv: readonly string[],
  options: OpsCliOptions,
): Promise<OpsCliResult> => {
  const commands = opsCommands();
  const [name, ...args] = argv;
  if (name === undefined) return usageError(listing(commands));
  if (name === 'help' || name === '--help') return ok(listing(commands));
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) return usageError(`unknown command '${name}'\n\n${listing(commands)}`);
  if (args.includes('--help')) return ok(describe(command));
  let request: OpsRequest;
  try {
    request = toOpsRequest(command.endpoint, args);
  } catch (error) {
    if (error instanceof OpsUsageError)
      return usageError(`${error.message}\n\n${describe(command)}`);
    throw error;
  }
  const problems = validate(command.endpoint, request);
  if (problems.length > 0) return usageError(problems.join('\n'));
  const { apiKey } = options;
  if (!apiKey) return usageError('OPERATOR_API_KEY is not set');
  return send(command.endpoint, request, { ...options, apiKey });
};
