/**
 * `npm run seed`: validates content/ and loads it into the content table.
 *
 *   npm run seed                      the running local stack (.local/stack.json, or LOCAL_DATA_DIR)
 *   DYNAMODB_ENDPOINT=… CONTENT_TABLE=… npm run seed   any DynamoDB endpoint and table
 *   npm run seed -- --stage prod      AWS: table prod-preu-content, default AWS credentials and region
 *
 * Options: --check (validate and compare, write nothing), --force (compare item by item even when
 * the content hash is unchanged), --overwrite-versions (accept edits that kept their version).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatProblem } from '../content/validate';
import { tableName } from '../lambdas/data/tables';
import { contentTarget, type SeedTarget, seedContent } from './contentLoader';

const { values } = parseArgs({
  options: {
    stage: { type: 'string' },
    dir: { type: 'string' },
    check: { type: 'boolean', default: false },
    force: { type: 'boolean', default: false },
    'overwrite-versions': { type: 'boolean', default: false },
  },
});

function resolveTarget(): { target: SeedTarget; where: string } {
  if (values.stage && values.stage !== 'local') {
    const name = tableName(values.stage, 'content');
    return { target: contentTarget(name), where: `AWS, table ${name}` };
  }
  if (process.env.DYNAMODB_ENDPOINT && process.env.CONTENT_TABLE) {
    const { DYNAMODB_ENDPOINT: endpoint, CONTENT_TABLE: name } = process.env;
    return { target: contentTarget(name, { endpoint }), where: `${endpoint}, table ${name}` };
  }
  const stackFile = path.resolve(process.env.LOCAL_DATA_DIR ?? '.local', 'stack.json');
  if (!existsSync(stackFile)) {
    throw new Error(
      `${stackFile} not found. Start the local stack (npm start), set DYNAMODB_ENDPOINT and CONTENT_TABLE, or pass --stage <stage>.`,
    );
  }
  const stack = JSON.parse(readFileSync(stackFile, 'utf8')) as {
    dynamoEndpoint: string;
    tables: { content: string };
  };
  return {
    target: contentTarget(stack.tables.content, { endpoint: stack.dynamoEndpoint }),
    where: `local stack ${stack.dynamoEndpoint}, table ${stack.tables.content}`,
  };
}

async function main() {
  const { target, where } = resolveTarget();
  console.log(`Loading content into ${where}…`);
  const result = await seedContent(target, {
    ...(values.dir ? { contentDir: path.resolve(values.dir) } : {}),
    force: values.force,
    dryRun: values.check,
    versionConflicts: values['overwrite-versions'] ? 'overwrite' : 'fail',
    log: (message) => console.warn(message),
  });
  const counts = Object.entries(result.counts)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ');
  switch (result.status) {
    case 'invalid':
      for (const problem of result.problems) console.error(formatProblem(problem));
      console.error(`${result.problems.length} problem(s): nothing was loaded.`);
      process.exitCode = 1;
      break;
    case 'conflict':
      for (const conflict of result.conflicts) console.error(`changed without a new version: ${conflict}`);
      console.error(
        'Nothing was loaded: raise `version` of those questions or passages (or pass --overwrite-versions if no student has answered them).',
      );
      process.exitCode = 1;
      break;
    case 'unchanged':
      console.log(
        `Unchanged since the last load (${result.items} items, ${result.ms} ms). Pass --force to compare item by item.`,
      );
      break;
    case 'checked':
      console.log(
        `Valid: ${result.items} items (${counts}); would write ${result.written} and delete ${result.deleted} (${result.ms} ms).`,
      );
      break;
    case 'loaded':
      console.log(
        `Loaded ${result.items} items (${counts}): ${result.written} written, ${result.deleted} deleted in ${result.ms} ms.`,
      );
      break;
  }
  target.client.destroy();
}

main().catch((error: Error & { code?: string }) => {
  const refused =
    error.code === 'ECONNREFUSED' || /ECONNREFUSED/.test(String(error.message) + String(error.cause ?? ''));
  console.error(refused ? `Cannot reach DynamoDB (${error.message}). Is the local stack running?` : error);
  process.exit(1);
});
