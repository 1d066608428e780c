import { Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpIntegrationType,
  HttpMethod,
  HttpRouteIntegration,
  HttpStage,
  LogGroupLogDestination,
  PayloadFormatVersion,
} from 'aws-cdk-lib/aws-apigatewayv2';
import type { HttpRouteIntegrationConfig } from 'aws-cdk-lib/aws-apigatewayv2';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { NagSuppressions } from 'cdk-nag';

/**
 * The HTTP API behind CloudFront's `/api/*` and `/link/*`. Each domain function owns path
 * prefixes; the function's internal router does the rest.
 */
export class DomainHttpApi extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly accessLogs: LogGroup;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Freguesia API (reached through CloudFront, which adds x-forwarded-host)',
      // The default stage is created below, with access logging.
      createDefaultStage: false,
    });

    this.accessLogs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.ONE_MONTH });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            method: '$context.httpMethod',
            path: '$context.path',
            routeKey: '$context.routeKey',
            status: '$context.status',
            latencyMs: '$context.responseLatency',
            responseLength: '$context.responseLength',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });
  }

  /** Host name of the API's default endpoint, as a CloudFront origin. */
  get originDomainName(): string {
    const stack = Stack.of(this);
    return `${this.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }

  /**
   * Routes `ANY {prefix}` and `ANY {prefix}/{proxy+}` of every prefix to `fn`.
   * Routes carry no API Gateway authorizer: the function authenticates (JWT) and authorizes
   * per route, because both depend on the tenant resolved from the host.
   */
  addPrefixRoutes(id: string, fn: IFunction, prefixes: readonly string[]): void {
    const integration = new FunctionIntegration(`${id}Integration`, fn);
    this.allowInvoke(fn);
    for (const prefix of prefixes) {
      if (!/^\/[a-z0-9/_-]+$/i.test(prefix) || prefix.endsWith('/')) {
        throw new Error(
          `Invalid route prefix "${prefix}" for ${id}: use "/api/..." without a trailing slash.`,
        );
      }
      const routes = [
        ...this.httpApi.addRoutes({ path: prefix, methods: [HttpMethod.ANY], integration }),
        ...this.httpApi.addRoutes({ path: `${prefix}/{proxy+}`, methods: [HttpMethod.ANY], integration }),
      ];
      for (const route of routes) {
        NagSuppressions.addResourceSuppressions(route, [
          {
            id: 'AwsSolutions-APIG4',
            reason:
              'Authorization is done in the Lambda by JWT per route, tenant-scoped (the token must ' +
              'belong to the tenant of the request host); public routes (portal, NPS, health) are ' +
              'public by design.',
          },
        ]);
      }
    }
  }

  /**
   * One invoke permission per function, for this API (source ARN `{apiId}` followed by a wildcard
   * stage, method and path; the API has one stage), instead of the one per route that HttpLambdaIntegration adds:
   * each is a CloudFormation resource (a stack holds at most 500) and a statement of the function's
   * resource policy (20 KB at most). What the function serves is decided by its routes.
   */
  private allowInvoke(fn: IFunction): void {
    if (this.invokable.has(fn)) return;
    this.invokable.add(fn);
    fn.addPermission('ApiInvoke', {
      principal: new ServicePrincipal('apigateway.amazonaws.com'),
      sourceArn: this.httpApi.arnForExecuteApi(),
    });
  }

  private readonly invokable = new Set<IFunction>();
}

/**
 * Lambda proxy integration (payload 2.0), created once per function and shared by its routes.
 * Unlike HttpLambdaIntegration it adds no permission per route: DomainHttpApi adds one per function.
 */
class FunctionIntegration extends HttpRouteIntegration {
  constructor(
    id: string,
    private readonly handler: IFunction,
  ) {
    super(id);
  }

  bind(): HttpRouteIntegrationConfig {
    return {
      type: HttpIntegrationType.AWS_PROXY,
      uri: this.handler.functionArn,
      payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
    };
  }
}
