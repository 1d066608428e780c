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

/**
 * Headers of every API answer, errors included (404, 405, 413, 429, 500): nothing of an answer is
 * cached, sniffed into another type, framed, or allowed to load anything; the address of the
 * page that called is not passed on. A route's own header of the same name wins (a deliberate
 * `cache-control`, a CSV `content-type`). CloudFront's API behaviour sends the same set.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** A Lambda result with the security headers filled in where the result did not set them. */
export function withSecurityHeaders(
  result: APIGatewayProxyStructuredResultV2,
): APIGatewayProxyStructuredResultV2 {
  const own = Object.fromEntries(
    Object.entries(result.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  );
  return { ...result, headers: { ...SECURITY_HEADERS, ...own } };
}

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

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A binary answer, a download (API Gateway sends it decoded from base64). */
export class FileResponse extends HttpResponse {
  constructor(
    private readonly content: Buffer,
    fileName: string,
    contentType: string,
  ) {
    super(200, '', {
      'content-type': contentType,
      'content-disposition': `attachment; filename="${fileName}"`,
    });
  }

  override toResult(): APIGatewayProxyStructuredResultV2 {
    return { ...super.toResult(), body: this.content.toString('base64'), isBase64Encoded: true };
  }
}
