import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { SECURITY_HEADERS } from '@freguesia/functions/lib/http/response';

export type HttpLambda = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

/** Hard cap on what the adapter reads, like API Gateway's 10 MB payload limit. */
const MAX_BODY = 10 * 1024 * 1024;

/**
 * Lambda's limit on a synchronous invocation's response: 6 MB (6,291,456 bytes) of the serialized
 * result, headers and a base64 body included. Above it Lambda fails the invocation and API Gateway
 * answers 500 `{"message":"Internal Server Error"}`; the local server does the same, so an answer
 * that would break in AWS (a large export sent as the response) breaks locally and in tests too.
 */
export const MAX_RESPONSE_BYTES = 6 * 1024 * 1024;
/** API Gateway's own answer when the integration fails. */
export const INTEGRATION_FAILURE = { message: 'Internal Server Error' } as const;

/** Bytes of the result as Lambda serializes it. */
export const responseBytes = (result: APIGatewayProxyStructuredResultV2): number =>
  Buffer.byteLength(JSON.stringify(result), 'utf8');

/**
 * API Gateway HTTP APIs hand the Lambda the path already percent-decoded. A path that does not
 * decode (`/api/web/%E0%A4%A`) goes as received, and the handler answers it with a 400.
 */
function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** Reads a Node request into an API Gateway HTTP API (payload v2.0) event, as AWS would build it. */
export async function toApiGatewayEvent(req: IncomingMessage): Promise<APIGatewayProxyEventV2 | 'too-large'> {
  const url = new URL(req.url ?? '/', 'http://local');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) return 'too-large';
    chunks.push(chunk);
  }
  const body = Buffer.concat(chunks);
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (name === 'cookie') cookies.push(...String(value).split('; '));
    else headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
  const textual = /json|text|xml|urlencoded/.test(headers['content-type'] ?? 'application/json');
  const now = new Date();
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: decodedPath(url.pathname),
    rawQueryString: url.search.slice(1),
    cookies: cookies.length ? cookies : undefined,
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0]!,
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: '$default',
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    body: body.length ? (textual ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !textual,
  };
}

/** The default timeout of a function (infra/lib/constructs/domain-function.ts) when its definition names none. */
export const DEFAULT_TIMEOUT_SECONDS = 10;

/**
 * A Lambda context whose remaining time counts down from the function's configured timeout, as in
 * AWS: middy answers a timeout just before it runs out, so a slow create in a function given 29 s
 * is not cut at 10 s after it committed (and duplicated by the client's retry).
 */
export function lambdaContext(
  functionName: string,
  requestId: string,
  timeoutSeconds = DEFAULT_TIMEOUT_SECONDS,
): Context {
  const deadline = Date.now() + timeoutSeconds * 1000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** Invokes a handler for a Node request and writes its result, as API Gateway would. */
export async function invokeHttp(
  handler: HttpLambda,
  name: string,
  req: IncomingMessage,
  res: ServerResponse,
  /** The function's configured timeout (functions/src/domains.ts), as CDK deploys it. */
  timeoutSeconds = DEFAULT_TIMEOUT_SECONDS,
): Promise<void> {
  const event = await toApiGatewayEvent(req);
  if (event === 'too-large') {
    res.writeHead(413, { ...SECURITY_HEADERS, 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ message: 'O corpo da requisição excede o limite permitido.' }));
    return;
  }
  const result = await handler(event, lambdaContext(name, event.requestContext.requestId, timeoutSeconds));
  const bytes = responseBytes(result);
  if (bytes > MAX_RESPONSE_BYTES) {
    console.error(
      `${name}: a resposta de ${req.method} ${req.url} tem ${bytes} bytes, acima do limite de ${MAX_RESPONSE_BYTES} do Lambda (em AWS, 500)`,
    );
    res.writeHead(500, { ...SECURITY_HEADERS, 'content-type': 'application/json' });
    res.end(JSON.stringify(INTEGRATION_FAILURE));
    return;
  }
  const headers: Record<string, string | string[]> = { ...(result.headers as Record<string, string>) };
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  res.writeHead(result.statusCode ?? 200, headers);
  res.end(result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : undefined);
}
