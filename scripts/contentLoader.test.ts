/** The loader against an in-memory dynalite, with fixture content. */
import { DeleteCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureFiles, validFixtureFiles, writeContentFixture } from '../test/helpers/contentFixture';
import { contentTarget, type SeedTarget, seedContent } from './contentLoader';
import { type LocalDynamo, startLocalDynamo } from './local/dynamo';

let dynamo: LocalDynamo;
let target: SeedTarget;
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  dynamo = await startLocalDynamo({ port: 0, stage: 'loadertest' });
  target = contentTarget(dynamo.tables.content, { endpoint: dynamo.endpoint });
});
afterAll(async () => {
  target.client.destroy();
  await dynamo.close();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  // Each test starts from an empty table.
  const all = await scanAll();
  for (const { pk, sk } of all) {
    await target.client.send(new DeleteCommand({ TableName: dynamo.tables.content, Key: { pk, sk } }));
  }
});

async function scanAll(): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await target.client.send(
      new ScanCommand({ TableName: dynamo.tables.content, ExclusiveStartKey }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

function fixture(files: FixtureFiles = validFixtureFiles()) {
  const written = writeContentFixture(files);
  cleanups.push(written.cleanup);
  return written.dir;
}

const keys = async () => (await scanAll()).map((i) => `${i.pk} ${i.sk}`).sort();

describe('seedContent', () => {
  it('loads every item of valid content, then finds nothing to do', async () => {
    const dir = fixture();
    const first = await seedContent(target, { contentDir: dir });
    expect(first).toMatchObject({ status: 'loaded', problems: [] });
    // 1 course config, 3×2 test items, subject in 1 course + meta + 1 lesson, 15 trivia,
    // 1 passage, 7 questions × (V#1 + LATEST), pools: 3 math questions × 2 tests + 4 reading.
    expect(first.counts).toEqual({
      courseConfig: 1,
      courseTest: 3,
      test: 3,
      courseSubject: 1,
      subject: 1,
      lesson: 1,
      trivia: 15,
      passage: 1,
      bank: 14,
      poolQuestion: 10,
    });
    expect(first.written).toBe(first.items);
    expect(await keys()).toHaveLength(first.items + 1); // + the manifest

    const again = await seedContent(target, { contentDir: dir });
    expect(again).toMatchObject({ status: 'unchanged', written: 0, deleted: 0, hash: first.hash });
    const forced = await seedContent(target, { contentDir: dir, force: true });
    expect(forced).toMatchObject({ status: 'loaded', written: 0, deleted: 0 });
  });

  it('keeps answer keys out of the pools and machine checks out of every item', async () => {
    await seedContent(target, { contentDir: fixture() });
    const items = await scanAll();
    const pools = items.filter((i) => String(i.pk).startsWith('POOL#'));
    expect(pools.length).toBeGreaterThan(0);
    for (const item of pools) {
      const json = JSON.stringify(item);
      expect(json).not.toMatch(/"correct"|"explanation"|"check"|"value"/);
    }
    for (const item of items) expect(JSON.stringify(item)).not.toMatch(/"check"|"value"/);
    const pool = await target.client.send(
      new QueryCommand({
        TableName: dynamo.tables.content,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': 'POOL#paes_competencia_matematica_m2#numeros_algebra_funciones' },
      }),
    );
    expect(pool.Items?.map((i) => i.id).sort()).toEqual(['m1-alg-001', 'm1-alg-002']);
  });

  it('loads nothing when any file is invalid, and names file, item and field', async () => {
    const files = validFixtureFiles();
    files['questions/m1/algebra.json'].questions[2].tests = ['paes_inexistente'];
    const result = await seedContent(target, { contentDir: fixture(files) });
    expect(result.status).toBe('invalid');
    expect(result.problems).toContainEqual(
      expect.objectContaining({
        file: 'questions/m1/algebra.json',
        item: 'm1-geo-001',
        field: 'questions.2.tests.0',
      }),
    );
    expect(await keys()).toEqual([]);
  });

  it('deletes what the content no longer has, but keeps the versions past attempts refer to', async () => {
    await seedContent(target, { contentDir: fixture() });
    const files = validFixtureFiles();
    files['questions/m1/algebra.json'].questions.splice(1, 1); // m1-alg-002
    files['questions/m1/algebra.json'].questions[1].tests = ['paes_competencia_matematica_m1']; // m1-geo-001
    const result = await seedContent(target, { contentDir: fixture(files) });
    expect(result).toMatchObject({ status: 'loaded' });
    const after = await keys();
    expect(after).toContain('QUESTION#m1-alg-002 V#1');
    expect(after).not.toContain('QUESTION#m1-alg-002 LATEST');
    expect(after.filter((k) => k.includes('m1-alg-002') && k.startsWith('POOL#'))).toEqual([]);
    expect(after).not.toContain(
      'POOL#paes_competencia_matematica_m2#geometria_probabilidad_estadistica Q#m1-geo-001',
    );
    expect(after).toContain(
      'POOL#paes_competencia_matematica_m1#geometria_probabilidad_estadistica Q#m1-geo-001',
    );
    // m1-alg-002's LATEST and its two pool copies, and m1-geo-001's copy in the M2 pool.
    expect(result.deleted).toBe(4);
  });

  it('refuses an edited question that kept its version, and accepts it with a new version', async () => {
    await seedContent(target, { contentDir: fixture() });
    const edited = validFixtureFiles();
    edited['questions/m1/algebra.json'].questions[0].stem = '¿Cuánto es $2+3$, otra vez?';
    const refused = await seedContent(target, { contentDir: fixture(edited) });
    expect(refused).toMatchObject({ status: 'conflict', conflicts: ['m1-alg-001 (version 1)'], written: 0 });
    const before = await scanAll();
    expect(before.find((i) => i.pk === 'QUESTION#m1-alg-001' && i.sk === 'LATEST')?.stem).not.toMatch(
      /otra vez/,
    );

    // An explanation may be reworded within a version.
    const reworded = validFixtureFiles();
    reworded['questions/m1/algebra.json'].questions[0].explanation = 'Se suman dos y tres.';
    expect(await seedContent(target, { contentDir: fixture(reworded) })).toMatchObject({ status: 'loaded' });

    edited['questions/m1/algebra.json'].questions[0].version = 2;
    expect(await seedContent(target, { contentDir: fixture(edited) })).toMatchObject({ status: 'loaded' });
    const items = await scanAll();
    const versions = items.filter((i) => i.pk === 'QUESTION#m1-alg-001').map((i) => [i.sk, i.version]);
    expect(versions.sort()).toEqual([
      ['LATEST', 2],
      ['V#1', 1],
      ['V#2', 2],
    ]);
  });

  it('overwrites an edited version when asked (the local stack does)', async () => {
    await seedContent(target, { contentDir: fixture() });
    const edited = validFixtureFiles();
    edited['questions/lectora/p01.json'].passages[0].text = 'Otro texto.';
    const messages: string[] = [];
    const result = await seedContent(target, {
      contentDir: fixture(edited),
      versionConflicts: 'overwrite',
      log: (m) => messages.push(m),
    });
    expect(result).toMatchObject({ status: 'loaded', conflicts: ['lec-p01 (version 1)'] });
    expect(messages.join()).toMatch(/lec-p01/);
  });

  it('writes nothing on a dry run', async () => {
    const result = await seedContent(target, { contentDir: fixture(), dryRun: true });
    expect(result.status).toBe('checked');
    expect(result.written).toBe(result.items);
    expect(await keys()).toEqual([]);
  });
});
