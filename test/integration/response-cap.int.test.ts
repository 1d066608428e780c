import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileResponse, XLSX_TYPE } from '@freguesia/functions/lib/http/response';
import { invokeHttp, MAX_RESPONSE_BYTES } from '../../infra/local/lambda-adapter';

/**
 * The local adapter enforces Lambda's 6 MB response limit as AWS does: a synchronous answer
 * above it (a large export sent as the response, the way exports used to leave) fails with API
 * Gateway's generic 500, not with the file.
 */
describe('local adapter: the 6 MB response limit', () => {
  let server: Server;
  let base: string;
  /** The answer the fake Lambda gives for `/bytes/<n>`: a file of n bytes, base64 as API Gateway wants it. */
  const answer = (path: string): APIGatewayProxyStructuredResultV2 => {
    const size = Number(path.split('/').pop());
    return new FileResponse(Buffer.alloc(size, 7), 'tag-1.xlsx', XLSX_TYPE).toResult();
  };

  beforeAll(async () => {
    server = createServer(
      (req, res) => void invokeHttp(async (event) => answer(event.rawPath), 'fake', req, res),
    );
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => server.close());

  it('passes an answer under the limit (a 4 MB file is 5.3 MB in base64)', async () => {
    const res = await fetch(`${base}/bytes/${4 * 1024 * 1024}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX_TYPE);
    expect((await res.arrayBuffer()).byteLength).toBe(4 * 1024 * 1024);
  });

  it('fails an answer over the limit with a generic 500, as API Gateway does (a 5 MB file is 6.7 MB in base64)', async () => {
    const res = await fetch(`${base}/bytes/${5 * 1024 * 1024}`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ message: 'Internal Server Error' });
    expect(res.headers.get('content-disposition')).toBeNull();
  });

  it('counts the serialized result, headers and base64 included: the limit is exact to the byte', async () => {
    // The result's JSON is a fixed part plus 4 base64 characters per 3 bytes of the file.
    const serialized = (n: number) => Buffer.byteLength(JSON.stringify(answer(`/bytes/${n}`)));
    const n = 3 * Math.floor((MAX_RESPONSE_BYTES - serialized(0)) / 4);
    expect(serialized(n)).toBeLessThanOrEqual(MAX_RESPONSE_BYTES);
    expect(serialized(n + 1)).toBeGreaterThan(MAX_RESPONSE_BYTES);
    expect((await fetch(`${base}/bytes/${n}`)).status).toBe(200);
    expect((await fetch(`${base}/bytes/${n + 1}`)).status).toBe(500);
  });
});
