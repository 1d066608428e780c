import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { createDomainHandler } from '../lib/http/handler';
import { routes } from './routes';

const base = createDomainHandler(routes);

/**
 * The spec's screen reads a failure's text from `data.error` (part 3 §7): every error answer of
 * this domain carries its `message` there as well.
 */
export async function handler(
  event: APIGatewayProxyEventV2,
  context: Context,
): Promise<APIGatewayProxyStructuredResultV2> {
  const result = await base(event, context);
  if ((result.statusCode ?? 200) < 400 || typeof result.body !== 'string') return result;
  try {
    const body = JSON.parse(result.body) as Record<string, unknown>;
    if (body && typeof body.message === 'string' && body.error === undefined) {
      return { ...result, body: JSON.stringify({ ...body, error: body.message }) };
    }
  } catch {
    // Not JSON: answered as it is.
  }
  return result;
}
