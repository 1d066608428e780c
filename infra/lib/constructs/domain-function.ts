import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, LoggingFormat, Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { NagSuppressions } from 'cdk-nag';
import { lockFilePath, repoRoot } from '../paths';
import { lambdaBundling } from './bundling-options';

export interface DomainFunctionProps {
  /** The domain (registry name): POWERTOOLS_SERVICE_NAME and the function's description. */
  readonly name: string;
  /** Absolute path of the TypeScript entry exporting `handler`. */
  readonly entry: string;
  readonly table: ITable;
  /**
   * The JWT signing key. Public, unauthenticated functions (the short-link redirect) leave it
   * out and get neither the variable nor the permission.
   */
  readonly jwtSecret?: ISecret;
  /** Default 512 MB: on Lambda, CPU scales with memory and cold starts dominate small APIs. */
  readonly memoryMb?: number;
  /** Default 10 s; API Gateway cuts HTTP integrations at 30 s anyway. */
  readonly timeoutSeconds?: number;
  /** Default one month. */
  readonly logRetention?: RetentionDays;
  readonly environment?: Record<string, string>;
}

/**
 * A domain's Lambda function with the project's defaults: Node.js 22 on ARM64, ESM bundle built
 * by the local esbuild (never Docker), its own log group, and an execution role that holds only
 * what the function is granted — no AWS managed policies.
 */
export class DomainFunction extends Construct {
  readonly function: NodejsFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: DomainFunctionProps) {
    super(scope, id);

    this.logGroup = new LogGroup(this, 'LogGroup', {
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
      // Logs may be needed after the stateless stack is replaced (incident review, LGPD requests).
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // Our own role instead of the default one, which carries AWSLambdaBasicExecutionRole
    // (logs:* on every log group in the account).
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of the ${props.name} function`,
    });
    this.logGroup.grantWrite(this.role);

    const environment: Record<string, string> = {
      TABLE_NAME: props.table.tableName,
      POWERTOOLS_SERVICE_NAME: props.name,
      NODE_OPTIONS: '--enable-source-maps',
      ...props.environment,
    };
    if (props.jwtSecret) environment.JWT_SECRET_ARN = props.jwtSecret.secretArn;

    this.function = new NodejsFunction(this, 'Function', {
      entry: props.entry,
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memoryMb ?? 512,
      timeout: Duration.seconds(props.timeoutSeconds ?? 10),
      role: this.role,
      logGroup: this.logGroup,
      loggingFormat: LoggingFormat.JSON,
      environment,
      projectRoot: repoRoot,
      depsLockFilePath: lockFilePath,
      description: `Freguesia ${props.name}`,
      bundling: {
        forceDockerBundling: false,
        target: lambdaBundling.target,
        format: OutputFormat.ESM,
        minify: lambdaBundling.minify,
        sourceMap: lambdaBundling.sourcemap,
        sourcesContent: lambdaBundling.sourcesContent,
        mainFields: [...lambdaBundling.mainFields],
        externalModules: [...lambdaBundling.externalModules],
        esbuildArgs: {
          // aws-cdk-lib 2.276 accepts `charset` but never passes it to esbuild.
          '--charset': lambdaBundling.charset,
          // Not NodejsFunction props. esbuild runs in projectRoot, where the relative alias targets resolve.
          '--legal-comments': lambdaBundling.legalComments,
          '--alias': Object.entries(lambdaBundling.alias).map(([from, to]) => `${from}=${to}`),
        },
        banner: lambdaBundling.banner,
        logLevel: LogLevel.WARNING,
        // The same post-step as functions/scripts/bundle.ts; inputDir is the project root.
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          afterBundling: (inputDir: string, outputDir: string) => [
            ...(lambdaBundling.appOnlySourceMap
              ? [`node "${inputDir}/functions/scripts/trim-source-map.mjs" "${outputDir}/index.mjs.map"`]
              : []),
            // Customer service's bot runs Javascript nodes in QuickJS: its WebAssembly (≈ 490 KB)
            // ships beside the bundle, not inside it (functions/src/customer-service/sandbox.service.ts).
            ...(/[\\/]customer-service[\\/]/.test(props.entry)
              ? [
                  `cp "${inputDir}/node_modules/@jitl/quickjs-wasmfile-release-sync/dist/emscripten-module.wasm" "${outputDir}/quickjs.wasm"`,
                ]
              : []),
          ],
        },
      },
    });

    props.table.grantReadWriteData(this.function);
    props.jwtSecret?.grantRead(this.function);

    NagSuppressions.addResourceSuppressions(this.function, [
      {
        id: 'AwsSolutions-L1',
        reason:
          'Node.js 22 is the runtime the architecture pins (bundles target node22); moving to Node.js 24 ' +
          'is a deliberate upgrade, tested against the handlers, not something to take implicitly.',
      },
    ]);
    NagSuppressions.addResourceSuppressions(
      this.role,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'grantReadWriteData adds <table>/index/* so the domain can Query its GSIs; the wildcard ' +
            'covers only the indexes of the one application table.',
          appliesTo: [{ regex: '/^Resource::.*\\/index\\/\\*$/g' }],
        },
      ],
      true,
    );
  }
}
