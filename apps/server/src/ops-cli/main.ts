import { userInfo } from 'node:os';
import { runOpsCli } from './run.ts';

// The operator CLI (issue 4 item 9): `npm run ops -- help` lists the commands.
const operatorName = (): string => {
  try {
    return process.env['OPERATOR_NAME'] ?? userInfo().username;
  } catch {
    return 'unknown';
  }
};

const result = await runOpsCli(process.argv.slice(2), {
  baseUrl: process.env['OPS_URL'] ?? 'http://localhost:3000',
  apiKey: process.env['OPERATOR_API_KEY'],
  operator: operatorName(),
});
if (result.stdout) process.stdout.write(`${result.stdout}\n`);
if (result.stderr) process.stderr.write(`${result.stderr}\n`);
process.exitCode = result.exitCode;
