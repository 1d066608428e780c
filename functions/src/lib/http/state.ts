import type { Request } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import type { Principal, RouteDefinition, TenantInfo } from './route';

/** Per-request state the middlewares fill in, in order: route → tenant → principal → input. */
export interface RequestState {
  route: RouteDefinition;
  pathParams: Record<string, string>;
  tenant?: TenantInfo;
  principal?: Principal;
  query?: unknown;
  params?: unknown;
  body?: unknown;
}

export type AppRequest = Request<APIGatewayProxyEventV2, APIGatewayProxyResultV2, Error, Context> & {
  state: RequestState;
};
