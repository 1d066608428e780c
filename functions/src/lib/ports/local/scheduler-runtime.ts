import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Cron } from 'croner';
import { config } from '../../config';
import { TIME_ZONE, type ScheduleTarget, type SchedulerPort } from '../scheduler';
import { localQueue } from './queue-runtime';

interface StoredSchedule {
  name: string;
  kind: 'once' | 'cron';
  at?: string;
  expression?: string;
  target: ScheduleTarget;
}

const active = new Map<string, { stop(): void; schedule: StoredSchedule }>();
const file = () => join(config.dataDir, 'schedules.json');

function persist(): void {
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(
    file(),
    JSON.stringify(
      [...active.values()].map((a) => a.schedule),
      null,
      2,
    ),
  );
}

function fire(schedule: StoredSchedule): void {
  void localQueue.send(schedule.target.queue, schedule.target.payload);
}

function arm(schedule: StoredSchedule): void {
  active.get(schedule.name)?.stop();
  if (schedule.kind === 'cron') {
    const job = new Cron(schedule.expression!, { timezone: TIME_ZONE }, () => fire(schedule));
    active.set(schedule.name, { stop: () => job.stop(), schedule });
    return;
  }
  // Like EventBridge's at() with ActionAfterCompletion DELETE: fires once, then is gone.
  const delay = Math.max(0, new Date(schedule.at!).getTime() - Date.now());
  const timer = setTimeout(
    () => {
      active.delete(schedule.name);
      persist();
      fire(schedule);
    },
    Math.min(delay, 2 ** 31 - 1),
  );
  active.set(schedule.name, { stop: () => clearTimeout(timer), schedule });
}

/** Re-arms schedules saved by an earlier run (schedules survive restarts, as in AWS). */
export function restoreSchedules(): number {
  if (!existsSync(file())) return 0;
  const saved = JSON.parse(readFileSync(file(), 'utf8')) as StoredSchedule[];
  saved.forEach(arm);
  return saved.length;
}

export function listSchedules(): StoredSchedule[] {
  return [...active.values()].map((a) => a.schedule);
}

export const localScheduler: SchedulerPort = {
  async once(name, at, target) {
    arm({ name, kind: 'once', at: at.toISOString(), target });
    persist();
  },
  async cron(name, expression, target) {
    try {
      new Cron(expression, { paused: true }).stop();
    } catch {
      throw new Error('Frequencia invalida');
    }
    arm({ name, kind: 'cron', expression, target });
    persist();
  },
  async cancel(name) {
    active.get(name)?.stop();
    active.delete(name);
    persist();
  },
};
