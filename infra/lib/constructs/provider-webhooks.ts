import { CfnOutput, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { NagSuppressions } from 'cdk-nag';
import type { DomainFunction } from './domain-function';

/** The providers whose delivery reports come back through `POST /api/hooks/{provider}`. */
export const WEBHOOK_PROVIDERS = ['zenvia', 'onesignal'] as const;
export type WebhookProvider = (typeof WEBHOOK_PROVIDERS)[number];

const LABEL: Record<WebhookProvider, string> = { zenvia: 'Zenvia (SMS)', onesignal: 'OneSignal (push)' };
const ID: Record<WebhookProvider, string> = { zenvia: 'Zenvia', onesignal: 'OneSignal' };

/** Environment variable naming a provider's webhook secret (functions/src/lib/ports/messaging.ts). */
export const webhookSecretVariable = (provider: WebhookProvider) =>
  `${provider.toUpperCase()}_WEBHOOK_SECRET_ARN`;

/**
 * The shared secrets the SMS and push providers send with their delivery reports (header
 * `x-webhook-token`), one per provider so that one leaked subscription does not open the other.
 * Generated here and copied by the operator into the Zenvia subscription and the OneSignal event
 * stream (README, "Communications"). In the data stack and retained: a new value would silently
 * break the subscriptions configured at the providers.
 */
export class ProviderWebhookSecrets extends Construct {
  readonly secrets: Readonly<Record<WebhookProvider, Secret>>;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const secrets: Partial<Record<WebhookProvider, Secret>> = {};
    for (const provider of WEBHOOK_PROVIDERS) {
      const secret = new Secret(this, `${ID[provider]}Secret`, {
        description: `Freguesia: shared secret of the ${LABEL[provider]} delivery-report webhook (header x-webhook-token)`,
        generateSecretString: { passwordLength: 64, excludePunctuation: true },
        removalPolicy: RemovalPolicy.RETAIN,
      });
      NagSuppressions.addResourceSuppressions(secret, [
        {
          id: 'AwsSolutions-SMG4',
          reason:
            'The value is also configured at the provider (webhook header); rotating it needs the ' +
            'provider subscription updated at the same moment, so the operator rotates it on demand.',
        },
      ]);
      // On the stack itself, so the output keeps a plain name (README, "Communications").
      new CfnOutput(Stack.of(this), `${ID[provider]}WebhookSecretArn`, {
        description: `Secrets Manager secret to copy into the ${LABEL[provider]} webhook header x-webhook-token`,
        value: secret.secretArn,
      });
      secrets[provider] = secret;
    }
    this.secrets = secrets as Record<WebhookProvider, Secret>;
  }
}

/** Lets the function that answers the webhooks read each secret (`<PROVIDER>_WEBHOOK_SECRET_ARN`), and nothing else. */
export function grantProviderWebhooks(
  fn: DomainFunction,
  secrets: Readonly<Record<WebhookProvider, ISecret>>,
): void {
  for (const provider of WEBHOOK_PROVIDERS) {
    secrets[provider].grantRead(fn.function);
    fn.function.addEnvironment(webhookSecretVariable(provider), secrets[provider].secretArn);
  }
}
