import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { logger } from '../../logger';
import { DomainError } from '../../errors';
import { HttpError, fromDomainError } from '../errors';
import { json } from '../response';

/**
 * Last line of defence: a domain error or an HttpError becomes its status and Portuguese message; anything
 * else is logged with its stack and answered with a generic 500 that reveals nothing.
 */
export const errorMiddleware = (): MiddlewareObj<APIGatewayProxyEventV2> => ({
  onError: async (request) => {
    const error = request.error instanceof DomainError ? fromDomainError(request.error) : request.error;
    if (error instanceof HttpError) {
      // Log what was raised (its stack and cause), not the HTTP answer built from it.
      if (error.statusCode >= 500) logger.error('request failed', { error: request.error as Error });
      request.response = json(
        error.statusCode,
        { message: error.message, ...error.extra },
        error.headers,
      ).toResult();
      return;
    }
    logger.error('unhandled error', { error: error as Error });
    request.response = json(500, {
      message: 'Ocorreu um erro inesperado. Tente novamente em instantes.',
    }).toResult();
  },
});
