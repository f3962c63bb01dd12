/**
 * The user pool mirrors the local one and the product rules; the tables are the definitions of
 * lambdas/data/tables.ts with recovery, encryption and TTL.
 */

import { PASSWORD_MIN_LENGTH } from '@core/domain/constants';
import type { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableDefinitions, tableName } from '../../lambdas/data/tables';
import { onlyResource, removeSynthOutputs, resourcesOf, synthPlatform } from './helpers';

afterAll(removeSynthOutputs);

let auth: Template;
let data: Template;

beforeAll(() => {
  ({
    templates: { auth, data },
  } = synthPlatform({ webOrigin: 'https://www.preu.example' }));
});

describe('user pool', () => {
  it('signs in with the e-mail, case-insensitively, and verifies it with an e-mailed code', () => {
    auth.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      UsernameConfiguration: { CaseSensitive: false },
      AutoVerifiedAttributes: ['email'],
      VerificationMessageTemplate: { DefaultEmailOption: 'CONFIRM_WITH_CODE' },
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
    });
  });

  it('requires passwords of at least 8 characters and nothing more, with MFA off', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    auth.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'OFF',
      Policies: {
        PasswordPolicy: {
          MinimumLength: 8,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        },
      },
    });
  });

  it('keeps the standard attributes of the spec', () => {
    const schema: { Name: string }[] = onlyResource(auth, 'AWS::Cognito::UserPool').Properties.Schema;
    expect(schema.map((attribute) => attribute.Name).sort()).toEqual(
      ['email', 'family_name', 'given_name', 'name', 'phone_number'].sort(),
    );
  });

  it('gives the web app a secretless client with password and SRP sign-in and refresh tokens', () => {
    auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      EnableTokenRevocation: true,
      IdTokenValidity: 60,
      RefreshTokenValidity: 30 * 24 * 60,
    });
  });

  it('can be deleted with the dev stack', () => {
    auth.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Delete',
      Properties: { DeletionProtection: 'INACTIVE' },
    });
  });
});

describe('tables', () => {
  it('creates every table definition with its keys and indexes', () => {
    const tables = resourcesOf(data, 'AWS::DynamoDB::Table');
    expect(tables).toHaveLength(Object.keys(tableDefinitions).length);
    for (const definition of Object.values(tableDefinitions)) {
      data.hasResourceProperties('AWS::DynamoDB::Table', {
        TableName: tableName('dev', definition.key),
        KeySchema: [
          { AttributeName: definition.partitionKey, KeyType: 'HASH' },
          ...(definition.sortKey ? [{ AttributeName: definition.sortKey, KeyType: 'RANGE' }] : []),
        ],
        ...(definition.globalSecondaryIndexes.length > 0
          ? {
              GlobalSecondaryIndexes: definition.globalSecondaryIndexes.map((index) => ({
                IndexName: index.indexName,
                KeySchema: [
                  { AttributeName: index.partitionKey, KeyType: 'HASH' },
                  ...(index.sortKey ? [{ AttributeName: index.sortKey, KeyType: 'RANGE' }] : []),
                ],
                Projection: { ProjectionType: 'ALL' },
              })),
            }
          : {}),
      });
    }
  });

  it('bills on demand, with point-in-time recovery and KMS encryption on every table', () => {
    for (const [id, table] of resourcesOf(data, 'AWS::DynamoDB::Table')) {
      expect(table.Properties, id).toMatchObject({
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        // SSEEnabled alone is KMS with the AWS-managed key (aws/dynamodb).
        SSESpecification: { SSEEnabled: true },
      });
    }
  });

  it('expires items by the TTL attribute where the definition has one, and nowhere else', () => {
    for (const definition of Object.values(tableDefinitions)) {
      const table = resourcesOf(data, 'AWS::DynamoDB::Table').find(
        ([, resource]) => resource.Properties.TableName === tableName('dev', definition.key),
      )?.[1];
      expect(table, definition.key).toBeDefined();
      expect(table?.Properties.TimeToLiveSpecification, definition.key).toEqual(
        definition.timeToLiveAttribute
          ? { AttributeName: definition.timeToLiveAttribute, Enabled: true }
          : undefined,
      );
    }
    expect(tableDefinitions.events.timeToLiveAttribute).toBe('expiresAt');
  });

  it('can be deleted with the dev stack', () => {
    for (const [id, table] of resourcesOf(data, 'AWS::DynamoDB::Table')) {
      expect(table.DeletionPolicy, id).toBe('Delete');
      expect(table.Properties.DeletionProtectionEnabled, id).toBe(false);
    }
  });
});
