import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * The tenant host a request came on (CloudFront forwards it as x-forwarded-host), as an origin:
 * `https://demo.example.com`; `http://` for `*.localhost` and IP hosts (`npm start`). For addresses
 * the API hands out on the site's own origin (short links, CMS files).
 */
export function requestOrigin(event: APIGatewayProxyEventV2): string {
  const headers = event.headers ?? {};
  const host = (headers['x-forwarded-host'] ?? headers.host ?? '').split(',')[0]!.trim().toLowerCase();
  const safe = /^[a-z0-9.-]+(:\d{1,5})?$/.test(host) ? host : 'localhost';
  // CloudFront serves the tenants over HTTPS only; `npm start` answers plain HTTP on *.localhost.
  const local = /(^|\.)localhost(:\d+)?$|^\d{1,3}(\.\d{1,3}){3}(:\d+)?$/.test(safe);
  return `${local ? 'http' : 'https'}://${safe}`;
}
