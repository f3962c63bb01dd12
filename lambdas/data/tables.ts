/**
 * DynamoDB table definitions: the key schema and indexes of every table. CDK creates the tables
 * from these, the local stack creates the same tables in dynalite, and repositories use the
 * attribute names. docs/data-model.md describes the items and access patterns.
 */
export type TableKey = 'users' | 'content' | 'events';

export interface TableDefinition {
  key: TableKey;
  /** Base name; each stage prefixes it (`dev-preu-users`). */
  baseName: string;
  partitionKey: string;
  sortKey?: string;
  globalSecondaryIndexes: { indexName: string; partitionKey: string; sortKey?: string }[];
  /** Attribute holding the epoch-seconds expiry, when items of the table expire. */
  timeToLiveAttribute?: string;
}

export const GSI1 = 'gsi1';

export const tableDefinitions: Record<TableKey, TableDefinition> = {
  /** Everything a student owns, under `pk = USER#<sub>`; one Query reads or deletes it all. */
  users: {
    key: 'users',
    baseName: 'preu-users',
    partitionKey: 'pk',
    sortKey: 'sk',
    globalSecondaryIndexes: [{ indexName: GSI1, partitionKey: 'gsi1pk', sortKey: 'gsi1sk' }],
  },
  /** The catalogue: courses, tests, subjects, lessons and the question bank (read-mostly). */
  content: {
    key: 'content',
    baseName: 'preu-content',
    partitionKey: 'pk',
    sortKey: 'sk',
    globalSecondaryIndexes: [{ indexName: GSI1, partitionKey: 'gsi1pk', sortKey: 'gsi1sk' }],
  },
  /** Idempotency records (processed Stripe events, CRM message ids); they expire by themselves. */
  events: {
    key: 'events',
    baseName: 'preu-events',
    partitionKey: 'pk',
    globalSecondaryIndexes: [],
    timeToLiveAttribute: 'expiresAt',
  },
};

/** The physical table name for a stage (`local`, `dev`, `prod`). */
export const tableName = (stage: string, key: TableKey): string =>
  `${stage}-${tableDefinitions[key].baseName}`;

/** The CreateTable request for a definition (used by the local stack and tests). */
export function createTableInput(definition: TableDefinition, name: string) {
  const attributes = new Set<string>([definition.partitionKey]);
  if (definition.sortKey) attributes.add(definition.sortKey);
  for (const index of definition.globalSecondaryIndexes) {
    attributes.add(index.partitionKey);
    if (index.sortKey) attributes.add(index.sortKey);
  }
  const keySchema = (partitionKey: string, sortKey?: string) => [
    { AttributeName: partitionKey, KeyType: 'HASH' as const },
    ...(sortKey ? [{ AttributeName: sortKey, KeyType: 'RANGE' as const }] : []),
  ];
  return {
    TableName: name,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: [...attributes].map((AttributeName) => ({
      AttributeName,
      AttributeType: 'S' as const,
    })),
    KeySchema: keySchema(definition.partitionKey, definition.sortKey),
    ...(definition.globalSecondaryIndexes.length > 0
      ? {
          GlobalSecondaryIndexes: definition.globalSecondaryIndexes.map((index) => ({
            IndexName: index.indexName,
            KeySchema: keySchema(index.partitionKey, index.sortKey),
            Projection: { ProjectionType: 'ALL' as const },
          })),
        }
      : {}),
  };
}
