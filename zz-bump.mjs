import { readFileSync } from 'node:fs';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
const stack = JSON.parse(readFileSync('/tmp/exam-stack/stack.json', 'utf8'));
const user = JSON.parse(readFileSync('/tmp/exam-shots/user.json', 'utf8'));
const db = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));
await db.send(new UpdateCommand({ TableName: stack.tables.users, Key: { pk: `USER#${user.sub}`, sk: 'PROFILE' }, UpdateExpression: 'SET exams_available = :n', ExpressionAttributeValues: { ':n': 10 } }));
console.log('ok');
