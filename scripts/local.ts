/**
 * `npm start`: the whole platform locally, with no AWS account and no keys.
 * Ports: WEB_PORT (5173), API_PORT (3001), COGNITO_PORT (9229), DYNAMO_PORT (8000).
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startStack } from './local/stack';

const dataDir = path.resolve(process.env.LOCAL_DATA_DIR ?? '.local');
const pidFile = path.join(dataDir, 'stack.pid');
const port = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0 || value > 65535)
    throw new Error(`${name} must be a port number`);
  return value;
};

function claimPidFile() {
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    if (pid && pid !== process.pid && isAlive(pid)) {
      console.error(
        `The local stack is already running (pid ${pid}). Stop it with Ctrl-C or \`kill ${pid}\`.`,
      );
      process.exit(1);
    }
    // Left behind by a stack that crashed: its ports and locks died with it.
    rmSync(pidFile, { force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function main() {
  claimPidFile();
  const ports = {
    web: port('WEB_PORT', 5173),
    api: port('API_PORT', 3001),
    cognito: port('COGNITO_PORT', 9229),
    dynamo: port('DYNAMO_PORT', 8000),
  };
  console.log('Starting the local stack…');
  const stack = await startStack({
    dataDir,
    persist: true,
    web: process.env.WEB_MODE === 'preview' ? 'preview' : 'dev',
    ports,
    onCode: (code) => console.log(`\n✉  Code for ${code.email} (${code.purpose}): ${code.code}\n`),
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE') {
      console.error(
        `A port is already in use (${error.message}). Free it, or choose others with WEB_PORT, API_PORT, COGNITO_PORT and DYNAMO_PORT.`,
      );
      process.exit(1);
    }
    throw error;
  });
  writeFileSync(pidFile, String(process.pid));
  const { info } = stack;
  console.log(`
Local platform ready
  Web app        ${info.webUrl}
  API            ${info.apiUrl}   (try ${info.apiUrl}/api/health)
  Cognito        ${info.cognitoEndpoint}   pool ${info.userPoolId}, client ${info.userPoolClientId}
  DynamoDB       ${info.dynamoEndpoint}   data in ${path.relative(process.cwd(), dataDir)}/dynamodb
  Stack info     ${path.relative(process.cwd(), path.join(dataDir, 'stack.json'))}

Verification and recovery codes are printed here and appended to ${path.relative(process.cwd(), info.outboxFile)}.
Press Ctrl-C to stop.`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the local stack…`);
    await stack.stop();
    rmSync(pidFile, { force: true });
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error(error);
  rmSync(pidFile, { force: true });
  process.exit(1);
});
