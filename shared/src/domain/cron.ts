import { Cron } from 'croner';

/**
 * Whether `expression` is a 5-field cron expression (minute hour day month weekday) that parses
 * (croner, the parser the scheduler uses): '0 0 * * *' is daily at midnight. Here rather than in
 * the lead schemas, so that what validates a recurring send does not bring the lead conditions in.
 */
export function isCronExpression(expression: string): boolean {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) return false;
  try {
    new Cron(fields.join(' '), { paused: true });
    return true;
  } catch {
    return false;
  }
}
