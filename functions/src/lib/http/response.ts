import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/** A handler result that controls status, headers or content type; plain values become JSON 200. */
export class HttpResponse {
  constructor(
    readonly statusCode: number,
    readonly body: string,
    readonly headers: Record<string, string>,
  ) {}

  toResult(): APIGatewayProxyStructuredResultV2 {
    return { statusCode: this.statusCode, body: this.body, headers: this.headers };
  }
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export const json = (statusCode: number, body: unknown, headers: Record<string, string> = {}) =>
  new HttpResponse(statusCode, JSON.stringify(body), { ...JSON_HEADERS, ...headers });

export const text = (statusCode: number, body: string, contentType = 'text/plain; charset=utf-8') =>
  new HttpResponse(statusCode, body, { 'content-type': contentType, 'cache-control': 'no-store' });

export const redirect = (location: string, statusCode = 302) =>
  new HttpResponse(statusCode, '', { location, 'cache-control': 'no-store' });

export function toResult(value: unknown): APIGatewayProxyStructuredResultV2 {
  if (value instanceof HttpResponse) return value.toResult();
  if (value === undefined) return json(200, { ok: true }).toResult();
  return json(200, value).toResult();
}
