import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../lib/ddb/client';
import { SK, keys } from './population-keys.model';

/**
 * Whether a customer is in a lead: the one read of the population engine that other functions
 * make on their hot path (the point of sale's checkout, for campaigns limited to a lead). Apart
 * from `populationRepository` on purpose: a repository object carries every method it has into
 * each bundle that asks for one read (see test/unit/bundle-budget.test.ts).
 */
export function membershipRepository(tenant: string) {
  return {
    /** One GetItem of the member item, projected to its key. */
    async isMember(lead: number, customerId: number): Promise<boolean> {
      const { Item } = await documentClient.send(
        new GetCommand({
          TableName: tableName(),
          Key: keys.member(tenant, lead, customerId),
          ProjectionExpression: '#sk',
          ExpressionAttributeNames: { '#sk': SK },
        }),
      );
      return Item !== undefined;
    },
  };
}
