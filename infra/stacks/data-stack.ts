/**
 * The DynamoDB tables, created from the same definitions the local stack uses
 * (lambdas/data/tables.ts): on-demand, point-in-time recovery, KMS encryption, TTL where items
 * expire, and deletion protection plus retention in production.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { type TableDefinition, type TableKey, tableDefinitions, tableName } from '../../lambdas/data/tables';
import type { PlatformConfig } from '../config';

export interface DataStackProps extends StackProps {
  config: PlatformConfig;
}

export class DataStack extends Stack {
  readonly tables: Record<TableKey, Table>;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { config } = props;
    const create = (definition: TableDefinition): Table => {
      const table = new Table(this, pascal(definition.key), {
        tableName: tableName(config.stage, definition.key),
        partitionKey: { name: definition.partitionKey, type: AttributeType.STRING },
        ...(definition.sortKey ? { sortKey: { name: definition.sortKey, type: AttributeType.STRING } } : {}),
        billingMode: BillingMode.PAY_PER_REQUEST,
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        encryption: TableEncryption.AWS_MANAGED,
        ...(definition.timeToLiveAttribute ? { timeToLiveAttribute: definition.timeToLiveAttribute } : {}),
        deletionProtection: config.settings.deletionProtection,
        removalPolicy: config.settings.removalPolicy,
      });
      for (const index of definition.globalSecondaryIndexes) {
        table.addGlobalSecondaryIndex({
          indexName: index.indexName,
          partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
          ...(index.sortKey ? { sortKey: { name: index.sortKey, type: AttributeType.STRING } } : {}),
          projectionType: ProjectionType.ALL,
        });
      }
      return table;
    };
    this.tables = Object.fromEntries(
      Object.values(tableDefinitions).map((definition) => [definition.key, create(definition)]),
    ) as Record<TableKey, Table>;
  }
}

const pascal = (key: string) => `${key.charAt(0).toUpperCase()}${key.slice(1)}Table`;
