import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';

export type DomainHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

export interface ApiRequest {
  method?: string;
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Raw body string (to send malformed JSON). */
  rawBody?: string;
  /** Raw query string as sent (to send a malformed percent-encoding); `query` still fills the parameters. */
  rawQuery?: string;
  headers?: Record<string, string>;
  tenant?: string;
  token?: string;
  sourceIp?: string;
}

// Tests read arbitrary JSON answers; `any` keeps assertions short (expect() checks them).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface ApiResponse<T = any> {
  status: number;
  headers: Record<string, string>;
  body: T;
  text: string;
}

/**
 * Invokes a domain's real Lambda handler with an API Gateway v2 event, as the local runtime
 * and AWS do. The tenant goes in `x-forwarded-host`, like CloudFront forwards it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function call<T = any>(handler: DomainHandler, request: ApiRequest): Promise<ApiResponse<T>> {
  const query = Object.fromEntries(
    Object.entries(request.query ?? {})
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
  const headers: Record<string, string> = {
    host: 'api.local',
    'content-type': 'application/json',
    ...(request.tenant ? { 'x-forwarded-host': `${request.tenant}.freguesia.test` } : {}),
    ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
    ...request.headers,
  };
  const body = request.rawBody ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: '$default',
    rawPath: request.path,
    rawQueryString: request.rawQuery ?? new URLSearchParams(query).toString(),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    requestContext: {
      accountId: 'test',
      apiId: 'test',
      domainName: 'api.local',
      domainPrefix: 'api',
      http: {
        method: request.method ?? 'GET',
        path: request.path,
        protocol: 'HTTP/1.1',
        sourceIp: request.sourceIp ?? '10.0.0.1',
        userAgent: 'vitest',
      },
      requestId: randomUUID(),
      routeKey: '$default',
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
    },
    body,
    isBase64Encoded: false,
  };
  const context = { awsRequestId: event.requestContext.requestId, functionName: 'test' } as Context;
  const result = await handler(event, context);
  const text = result.body ?? '';
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Non-JSON answers (CSV, empty text) stay as text.
  }
  return {
    status: result.statusCode ?? 200,
    headers: (result.headers ?? {}) as Record<string, string>,
    body: parsed as T,
    text,
  };
}
