import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { z } from 'zod';
import '@freguesia/shared/domain/zod-pt';
import { InvalidError, fieldErrors } from '../../errors';
import { HttpError } from '../errors';
import type { AppRequest } from '../state';

const DEFAULT_MAX_BODY = 1024 * 1024;

function parseWith<S extends z.ZodType>(schema: S | undefined, input: unknown): unknown {
  if (!schema) return input;
  const result = schema.safeParse(input);
  if (!result.success) throw new InvalidError(fieldErrors(result.error));
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

/** Parses and validates query, path parameters and body with the route's zod schemas. */
export const validationMiddleware = (): MiddlewareObj<APIGatewayProxyEventV2> => ({
  before: async (req) => {
    const request = req as AppRequest;
    const { route, pathParams } = request.state;
    const body = readBody(request);
    request.state.query = parseWith(route.query, request.event.queryStringParameters ?? {});
    request.state.params = parseWith(route.params, pathParams);
    request.state.body = parseWith(route.body, body);
  },
});
