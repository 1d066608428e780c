#!/usr/bin/env -S npx tsx
/**
 * CDK entry (cdk.json: `npx tsx infra/bin/app.ts`). Optional context:
 *   -c domainName=freguesia.com.br -c certificateArn=arn:aws:acm:us-east-1:...  (tenants on *.freguesia.com.br)
 *   -c stage=dev                                                                 (Freguesia-dev-Data, -Async, -Api, -Web)
 */
import { App, Aspects } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { addFreguesiaStacks, featureFlags } from '../lib/freguesia-stacks';

const app = new App({ context: featureFlags });
Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }));
addFreguesiaStacks(app);
app.synth();
