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
  // Reads never fail on a number: an integer beyond 2^53 (written by an older version or by
  // hand) comes back as the nearest double instead of a BigInt or an error, so the record stays
  // readable and the services' bounds and saturating updates can repair it.
  unmarshallOptions: { wrapNumbers: (value: string) => Number(value) },
});

export const tableName = (): string => process.env.TABLE_NAME ?? config.tableName;
