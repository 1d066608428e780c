import { config } from '../config';
import { queueUrlVariable } from '../../queues';
import type { SchedulerClient } from '@aws-sdk/client-scheduler'; // type only: the SDK itself loads lazily
import type * as LocalSchedulerModule from './local/scheduler-runtime';

/** What a schedule does when it fires: put `payload` on `queue`. */
export interface ScheduleTarget {
  queue: string;
  payload: unknown;
}

/**
 * One-off and recurring schedules: EventBridge Scheduler in AWS, timers locally.
 * `cron` is a standard 5-field expression (minute hour day month weekday) in the business
 * time zone America/Sao_Paulo.
 */
export interface SchedulerPort {
  once(name: string, at: Date, target: ScheduleTarget): Promise<void>;
  cron(name: string, expression: string, target: ScheduleTarget): Promise<void>;
  cancel(name: string): Promise<void>;
}

export const TIME_ZONE = 'America/Sao_Paulo';

/**
 * Converts a 5-field cron to EventBridge's 6-field form: exactly one of day-of-month and
 * day-of-week must be '?', and the year field is added.
 */
export function toEventBridgeCron(expression: string): string {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error('Frequencia invalida');
  const [minute, hour, dom, month, dow] = parts as [string, string, string, string, string];
  const weekday = dow === '*' ? '?' : dow.replace(/\d/g, (d) => String((Number(d) % 7) + 1));
  const day = weekday === '?' ? dom : '?';
  return `cron(${minute} ${hour} ${day} ${month} ${weekday} *)`;
}

let client: SchedulerClient | undefined;

async function aws() {
  const sdk = await import('@aws-sdk/client-scheduler');
  client ??= new sdk.SchedulerClient({ region: config.region });
  return { sdk, client };
}

function awsTarget(target: ScheduleTarget) {
  const arn = process.env[`${queueUrlVariable(target.queue)}_ARN`];
  const roleArn = process.env.SCHEDULER_ROLE_ARN;
  if (!arn || !roleArn) throw new Error(`scheduler target ${target.queue} is not configured`);
  return { Arn: arn, RoleArn: roleArn, Input: JSON.stringify(target.payload) };
}

const awsScheduler: SchedulerPort = {
  async once(name, at, target) {
    const { sdk, client: c } = await aws();
    await c.send(
      new sdk.CreateScheduleCommand({
        Name: name,
        GroupName: process.env.SCHEDULE_GROUP,
        ScheduleExpression: `at(${at.toISOString().slice(0, 19)})`,
        ScheduleExpressionTimezone: 'UTC',
        FlexibleTimeWindow: { Mode: 'OFF' },
        ActionAfterCompletion: 'DELETE',
        Target: awsTarget(target),
      }),
    );
  },
  async cron(name, expression, target) {
    const { sdk, client: c } = await aws();
    const input = {
      Name: name,
      GroupName: process.env.SCHEDULE_GROUP,
      ScheduleExpression: toEventBridgeCron(expression),
      ScheduleExpressionTimezone: TIME_ZONE,
      FlexibleTimeWindow: { Mode: 'OFF' as const },
      Target: awsTarget(target),
    };
    try {
      await c.send(new sdk.CreateScheduleCommand(input));
    } catch (error) {
      // Like the local scheduler, a cron under an existing name replaces it (a lead's new frequency).
      if ((error as Error).name !== 'ConflictException') throw error;
      await c.send(new sdk.UpdateScheduleCommand(input));
    }
  },
  async cancel(name) {
    const { sdk, client: c } = await aws();
    try {
      await c.send(new sdk.DeleteScheduleCommand({ Name: name, GroupName: process.env.SCHEDULE_GROUP }));
    } catch (error) {
      if ((error as Error).name !== 'ResourceNotFoundException') throw error;
    }
  },
};

/**
 * The local scheduler (timers on croner, ≈ 34 KB) runs from source (`npm start`, the tests) and
 * never in AWS. A specifier esbuild cannot read leaves it out of every Lambda bundle: a literal
 * `import()` is inlined into the single-file bundle, so the lead recompute and every other caller
 * of this port would carry a cron parser it never runs.
 */
const LOCAL_SCHEDULER: string = './local/scheduler-runtime';
type LocalScheduler = typeof LocalSchedulerModule;

export async function schedulerPort(): Promise<SchedulerPort> {
  if (config.runtime === 'local') return ((await import(LOCAL_SCHEDULER)) as LocalScheduler).localScheduler;
  return awsScheduler;
}
