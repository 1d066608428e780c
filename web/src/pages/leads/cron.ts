import { isCronExpression, LEAD_MESSAGES } from '@freguesia/shared/schemas/segmentation';
import cronstrue from 'cronstrue';
import 'cronstrue/locales/pt_BR';

/** The auto-refresh default: every day at midnight (spec part 1 §9). */
export const DEFAULT_FREQUENCY = '0 0 * * *';

/**
 * What a 5-field cron expression means in pt-BR ('Às 00:00'), or 'Frequencia invalida' (the
 * spec's text) when it does not parse. Validity is the server's rule (shared/domain/cron.ts, 5 fields).
 */
export function describeCron(
  expression: string,
): { valid: true; text: string } | { valid: false; text: string } {
  const trimmed = expression.trim();
  if (!trimmed || !isCronExpression(trimmed)) return { valid: false, text: LEAD_MESSAGES.frequencyInvalid };
  try {
    return { valid: true, text: cronstrue.toString(trimmed, { locale: 'pt_BR', use24HourTimeFormat: true }) };
  } catch {
    return { valid: false, text: LEAD_MESSAGES.frequencyInvalid };
  }
}
