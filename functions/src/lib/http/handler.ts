import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { logger } from '../logger';
import { authMiddleware, permissionMiddleware } from './middleware/auth';
import { errorMiddleware } from './middleware/errors';
import { tenantMiddleware } from './middleware/tenant';
import { validationMiddleware } from './middleware/validation';
import { HttpError } from './errors';
import { MESSAGES, decodable } from './input';
import { json, toResult, withSecurityHeaders } from './response';
import { contextOf, type RouteDefinition } from './route';
import { createRouter } from './router';
import type { AppRequest } from './state';

/**
 * Builds a domain's Lambda entry: one function, an internal router, and the middleware
 * chain header normalizer → logger context → errors → route → tenant → auth → permission
 * → validation → handler. Every answer, error or not, leaves with the security headers.
 */
export function createDomainHandler(routes: RouteDefinition[]) {
  const match = createRouter(routes);

  const routeMiddleware: middy.MiddlewareObj = {
    before: async (request) => {
      const { event } = request as AppRequest;
      const method = event.requestContext?.http?.method ?? 'GET';
      const path = event.rawPath ?? '/';
      if (!decodable(path)) throw new HttpError(400, MESSAGES.path);
      const found = match(method, path);
      if (found.kind === 'not-found') throw new HttpError(404, 'Rota não encontrada.');
      if (found.kind === 'method-not-allowed') {
        throw new HttpError(
          405,
          'Método não permitido para esta rota.',
          {},
          { allow: found.allowed.join(', ') },
        );
      }
      (request as AppRequest).state = { route: found.route, pathParams: found.params };
    },
  };

  const base = async (
    event: APIGatewayProxyEventV2,
    context: Context,
  ): Promise<APIGatewayProxyStructuredResultV2> => {
    // middy passes the same request object through; the state lives on it.
    const state = (context as Context & { __state?: AppRequest['state'] }).__state!;
    const sourceIp = event.requestContext?.http?.sourceIp ?? 'unknown';
    const result = await state.route.handler({
      tenant: state.tenant!,
      principal: state.principal,
      query: state.query,
      params: state.params,
      body: state.body,
      event,
      sourceIp,
      requestId: context.awsRequestId,
      service: contextOf({ tenant: state.tenant, principal: state.principal, sourceIp }),
    });
    return toResult(result);
  };

  // Hand the request state to the base handler through the context object.
  const exposeState: middy.MiddlewareObj = {
    before: async (request) => {
      (request.context as Context & { __state?: AppRequest['state'] }).__state = (
        request as AppRequest
      ).state;
    },
  };

  const chain = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>()
    .use(httpHeaderNormalizer())
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(errorMiddleware())
    .use(routeMiddleware)
    .use(tenantMiddleware())
    .use(authMiddleware())
    .use(permissionMiddleware())
    .use(validationMiddleware())
    .use(exposeState)
    .handler(base);

  // Outside middy, so that no answer escapes the headers, not even one built by a middleware.
  return async (
    event: APIGatewayProxyEventV2,
    context: Context,
  ): Promise<APIGatewayProxyStructuredResultV2> => {
    let result: APIGatewayProxyStructuredResultV2;
    try {
      result = await chain(event, context);
    } catch (error) {
      // The error middleware answers every error; this only catches a failure of middy itself.
      logger.error('unhandled error outside the middleware chain', { error: error as Error });
      result = json(500, { message: 'Ocorreu um erro inesperado. Tente novamente em instantes.' }).toResult();
    }
    return withSecurityHeaders(result);
  };
}
