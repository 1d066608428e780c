import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';

/** Module singletons: created once per cold start and reused across invocations. */
export const dynamoClient = new DynamoDBClient({
  region: config.region,
  ...(config.dynamoEndpoint
    ? {
        endpoint: config.dynamoEndpoint,
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }
    : {}),
});

export const documentClient = DynamoDBDocumentClient.from(dynamoClient, {
  marshallOptions: { removeUndefinedValues: true },
});

export const tableName = (): string => process.env.TABLE_NAME ?? config.tableName;
