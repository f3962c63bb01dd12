/**
 * Loads content/ into the content table: validate everything, then upsert idempotently. Used by
 * `npm run seed` (scripts/seed.ts) and by the local stack on start. A script, not a request
 * path: it is the one place that Scans the content table (to find stale items and old versions).
 *
 * - Invalid content loads nothing: every problem is returned (file › item › field: message).
 * - Unchanged content (same hash as the last load, kept in CONTENT/MANIFEST) writes nothing.
 * - Only items whose data changed are written; items no longer produced are deleted, except the
 *   version history (QUESTION#…/V#…, PASSAGE#…/V#…) that past attempts refer to.
 * - A question or passage whose answered content changed without a new `version` is a conflict:
 *   refused by default (nothing is loaded), or overwritten with a warning when asked (local stack,
 *   where authors edit freely before anything is published).
 */

import { createHash } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  type BatchWriteCommandOutput,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  ScanCommand,
  type ScanCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { type ContentProblem, contentDir, validateContent } from '../content/validate';
import {
  type ContentItem,
  contentItems,
  itemBytes,
  MAX_ITEM_BYTES,
  stableJson,
} from '../lambdas/data/contentItems';
import { contentKeys, isVersionHistoryKey } from '../lambdas/data/contentKeys';

export interface SeedTarget {
  client: DynamoDBDocumentClient;
  tableName: string;
}

export interface SeedOptions {
  contentDir?: string;
  /** What to do when a version's answered content changed: refuse (default) or overwrite. */
  versionConflicts?: 'fail' | 'overwrite';
  /** Compare item by item even when the manifest hash matches. */
  force?: boolean;
  /** Validate and compare, write nothing. */
  dryRun?: boolean;
  log?: (message: string) => void;
}

export interface SeedResult {
  status: 'invalid' | 'conflict' | 'unchanged' | 'loaded' | 'checked';
  problems: ContentProblem[];
  /** Edited questions or passages that kept their version. */
  conflicts: string[];
  items: number;
  written: number;
  deleted: number;
  hash: string;
  counts: Record<string, number>;
  ms: number;
}

/** A document client for a DynamoDB endpoint (dynalite) or, without one, for AWS with its default credentials. */
export function contentTarget(
  tableName: string,
  options: { endpoint?: string; region?: string } = {},
): SeedTarget {
  const client = new DynamoDBClient({
    region: options.region ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1',
    maxAttempts: 5,
    ...(options.endpoint
      ? { endpoint: options.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  });
  return {
    client: DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } }),
    tableName,
  };
}

const hashOf = (value: string) => createHash('sha256').update(value).digest('hex');

export async function seedContent(target: SeedTarget, options: SeedOptions = {}): Promise<SeedResult> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const result = (partial: Partial<SeedResult> & Pick<SeedResult, 'status'>): SeedResult => ({
    problems: [],
    conflicts: [],
    items: 0,
    written: 0,
    deleted: 0,
    hash: '',
    counts: {},
    ...partial,
    ms: Math.round(performance.now() - started),
  });

  const { problems, bundle } = validateContent(options.contentDir ?? contentDir);
  if (problems.length > 0) return result({ status: 'invalid', problems });

  const items = contentItems(bundle);
  const seen = new Set<string>();
  const duplicates = items.filter((item) => {
    const k = `${item.pk} ${item.sk}`;
    if (seen.has(k)) return true;
    seen.add(k);
    return false;
  });
  if (duplicates.length > 0) {
    return result({
      status: 'invalid',
      problems: duplicates.map((item) => ({
        file: '-',
        item: `${item.pk} ${item.sk}`,
        field: '-',
        message: 'clave repetida (¿una prueba o un curso listado dos veces?)',
      })),
    });
  }
  const withHashes = items.map((item) => ({ item, itemHash: hashOf(stableJson(item)) }));
  const tooLarge = withHashes.filter(({ item }) => itemBytes(item) > MAX_ITEM_BYTES);
  if (tooLarge.length > 0) {
    return result({
      status: 'invalid',
      problems: tooLarge.map(({ item }) => ({
        file: '-',
        item: `${item.pk} ${item.sk}`,
        field: '-',
        message: `el ítem pesa ${Math.round(itemBytes(item) / 1024)} KB (máximo ${MAX_ITEM_BYTES / 1024} KB): divide la lección`,
      })),
    });
  }
  const hash = hashOf(
    withHashes
      .map(({ item, itemHash }) => `${item.pk}\u0000${item.sk}\u0000${itemHash}`)
      .sort()
      .join('\n'),
  );
  const counts = countByKind(items);
  const summary = { items: items.length, hash, counts };

  const { Item: manifest } = await target.client.send(
    new GetCommand({ TableName: target.tableName, Key: contentKeys.manifest }),
  );
  if (manifest?.hash === hash && !options.force) return result({ status: 'unchanged', ...summary });

  const existing = await scanKeys(target);
  const key = (pk: string, sk: string) => `${pk}\u0000${sk}`;
  const produced = new Set(items.map((item) => key(item.pk, item.sk)));

  const conflicts: string[] = [];
  for (const { item } of withHashes) {
    if (!isVersionHistoryKey(item.pk, item.sk) || !('contentHash' in item)) continue;
    const before = existing.get(key(item.pk, item.sk));
    if (before?.contentHash && before.contentHash !== item.contentHash) {
      conflicts.push(`${item.pk.replace(/^[A-Z]+#/, '')} (version ${item.sk.slice(2)})`);
    }
  }
  if (conflicts.length > 0) {
    if (options.versionConflicts !== 'overwrite')
      return result({ status: 'conflict', conflicts, ...summary });
    const listed = `${conflicts.slice(0, 10).join(', ')}${conflicts.length > 10 ? ', …' : ''}`;
    log(
      `${conflicts.length} question(s) or passage(s) changed without a new version, overwritten: ${listed}`,
    );
  }

  const toWrite = withHashes
    .filter(({ item, itemHash }) => existing.get(key(item.pk, item.sk))?.itemHash !== itemHash)
    .map(({ item, itemHash }) => ({ ...item, itemHash }));
  const toDelete = [...existing.values()]
    .filter(
      (old) =>
        !produced.has(key(old.pk, old.sk)) &&
        !isVersionHistoryKey(old.pk, old.sk) &&
        !(old.pk === contentKeys.manifest.pk && old.sk === contentKeys.manifest.sk),
    )
    .map(({ pk, sk }) => ({ pk, sk }));
  if (options.dryRun) {
    return result({
      status: 'checked',
      conflicts,
      written: toWrite.length,
      deleted: toDelete.length,
      ...summary,
    });
  }

  await batchWrite(target, [
    ...toWrite.map((item) => ({ PutRequest: { Item: item } })),
    ...toDelete.map((Key) => ({ DeleteRequest: { Key } })),
  ]);
  // Written last: a load that stops half-way is redone in full next time.
  await target.client.send(
    new PutCommand({
      TableName: target.tableName,
      Item: {
        ...contentKeys.manifest,
        hash,
        counts,
        items: items.length,
        loadedAt: new Date().toISOString(),
      },
    }),
  );
  return result({
    status: 'loaded',
    conflicts,
    written: toWrite.length,
    deleted: toDelete.length,
    ...summary,
  });
}

function countByKind(items: ContentItem[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[item.kind] = (counts[item.kind] ?? 0) + 1;
  return counts;
}

interface ExistingKey {
  pk: string;
  sk: string;
  itemHash?: string;
  contentHash?: string;
}

async function scanKeys(target: SeedTarget): Promise<Map<string, ExistingKey>> {
  const found = new Map<string, ExistingKey>();
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page: ScanCommandOutput = await target.client.send(
      new ScanCommand({
        TableName: target.tableName,
        ProjectionExpression: 'pk, sk, itemHash, contentHash',
        ExclusiveStartKey,
      }),
    );
    for (const item of (page.Items ?? []) as ExistingKey[]) found.set(`${item.pk}\u0000${item.sk}`, item);
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return found;
}

type WriteRequest = NonNullable<NonNullable<BatchWriteCommandOutput['UnprocessedItems']>[string]>[number];

/** BatchWriteItem in chunks of 25, a few at a time, retrying unprocessed items with backoff. */
async function batchWrite(target: SeedTarget, requests: WriteRequest[], parallel = 4): Promise<void> {
  const chunks: WriteRequest[][] = [];
  for (let i = 0; i < requests.length; i += 25) chunks.push(requests.slice(i, i + 25));
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      let pending: WriteRequest[] | undefined = chunks[next++];
      for (let attempt = 0; pending && pending.length > 0; attempt++) {
        if (attempt > 8) throw new Error('BatchWriteItem kept returning unprocessed items');
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
        const output: BatchWriteCommandOutput = await target.client.send(
          new BatchWriteCommand({ RequestItems: { [target.tableName]: pending } }),
        );
        pending = output.UnprocessedItems?.[target.tableName];
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, chunks.length) }, worker));
}
