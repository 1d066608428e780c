import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { z } from 'zod';
import '@freguesia/shared/domain/zod-pt';
import { InvalidError, fieldErrors } from '../../errors';
import { logger } from '../../logger';
import { HttpError } from '../errors';
import { MESSAGES, decodableQuery, expectedShape, hasShape, unsafeNumberPaths } from '../input';
import type { AppRequest } from '../state';

const DEFAULT_MAX_BODY = 1024 * 1024;

type Part = 'query' | 'params' | 'body';
const SCHEMA_FAILED: Record<Part, string> = {
  query: MESSAGES.queryInvalid,
  params: MESSAGES.paramsInvalid,
  body: MESSAGES.body,
};

function parseWith<S extends z.ZodType>(part: Part, schema: S | undefined, input: unknown): unknown {
  if (!schema) return input;
  let result: ReturnType<S['safeParse']>;
  try {
    result = schema.safeParse(input) as ReturnType<S['safeParse']>;
  } catch (error) {
    // A refinement that assumed a shape the input does not have: the input is wrong, not the
    // server. Logged so the schema gets fixed; the caller gets a 400 instead of a 500.
    logger.warn('validation schema threw', { part, error: error as Error });
    throw new HttpError(400, SCHEMA_FAILED[part]);
  }
  if (!result.success) throw new InvalidError(fieldErrors(result.error));
  const unsafe = unsafeNumberPaths(schema, result.data);
  if (unsafe.length > 0)
    throw new InvalidError(Object.fromEntries(unsafe.map((path) => [path, MESSAGES.unsafeNumber])));
  return result.data;
}

function readBody(request: AppRequest): unknown {
  const { body, isBase64Encoded } = request.event;
  if (body === undefined || body === null || body === '') return undefined;
  const raw = isBase64Encoded ? Buffer.from(body, 'base64') : Buffer.from(body, 'utf8');
  const limit = request.state.route.maxBodyBytes ?? DEFAULT_MAX_BODY;
  if (raw.byteLength > limit) {
    throw new HttpError(413, `O corpo da requisição excede o limite de ${Math.floor(limit / 1024)} KB.`);
  }
  const contentType = request.event.headers?.['content-type'] ?? 'application/json';
  if (!contentType.includes('json')) return raw.toString('utf8');
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new HttpError(400, 'O corpo da requisição não é um JSON válido.');
  }
}

/**
 * Parses and validates query, path parameters and body with the route's zod schemas. Before
 * the schemas: a query string that does not decode and a body of the wrong JSON shape (none,
 * `null`, a number where an object is expected) are refused with one clear message. After
 * them: numbers beyond ±(2^53 − 1) or not finite are refused, naming their field.
 */
export const validationMiddleware = (): MiddlewareObj<APIGatewayProxyEventV2> => ({
  before: async (req) => {
    const request = req as AppRequest;
    const { route, pathParams } = request.state;
    if (!decodableQuery(request.event.rawQueryString)) throw new HttpError(400, MESSAGES.query);
    const body = readBody(request);
    const shape = expectedShape(route.body);
    if (shape && !hasShape(body, shape))
      throw new HttpError(400, shape === 'list' ? MESSAGES.bodyList : MESSAGES.bodyObject);
    request.state.query = parseWith('query', route.query, request.event.queryStringParameters ?? {});
    request.state.params = parseWith('params', route.params, pathParams);
    request.state.body = parseWith('body', route.body, body);
  },
});
