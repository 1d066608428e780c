import {
  PORTAL_SETTING_KEYS,
  SETTINGS,
  maskSecret,
  type SettingKey,
} from '@freguesia/shared/schemas/settings';
import { z } from 'zod';
import type { SettingValues } from '../../../api/settings';

export type { SettingValues };

export const DASHBOARD_KEYS = [
  'primary_color',
  'average_baskets_days',
  'shortlink_domain',
  'sales_coverage_states',
  'sendgrid_apikey',
] as const satisfies readonly SettingKey[];

/** The portal tab edits exactly the keys the public portal reads. */
export const PORTAL_KEYS = PORTAL_SETTING_KEYS;

export const SAVED_NOTICE = 'Alterado com sucesso';
export const SAVE_FAILED_NOTICE = 'Erro ao alterar';

const value = (values: SettingValues, key: SettingKey) => (values[key] ?? '').trim();

/** The keys whose value differs from the saved one (each is one PUT /web/settings). */
export function changedKeys(
  keys: readonly SettingKey[],
  saved: SettingValues,
  current: SettingValues,
): SettingKey[] {
  return keys.filter((key) => value(saved, key) !== value(current, key));
}

const MASK = maskSecret('x');

const URL_PATTERN = /^(https?:\/\/[^\s]+|\/[^\s]*)$/i;
export const BACKGROUND_URL_MESSAGE = 'Informe um endereço http(s):// da imagem.';

/** One problem of a (trimmed) value: the server's own check (shared SETTINGS), plus the background image address. */
function problemOf(key: SettingKey, raw: string | undefined): string | undefined {
  const v = (raw ?? '').trim();
  // A secret as the server shows it (masked) is the saved one, left as it is: never sent back.
  if (SETTINGS[key].secret && v.startsWith(MASK)) return undefined;
  const problem = SETTINGS[key].check?.(v);
  if (problem) return problem;
  if (key === 'portal_background_image' && v && !URL_PATTERN.test(v)) return BACKGROUND_URL_MESSAGE;
  return undefined;
}

/** The form's values of a tab: its keys, as text. */
export function tabValues(keys: readonly SettingKey[], saved: SettingValues): SettingValues {
  return Object.fromEntries(keys.map((k) => [k, saved[k] ?? ''])) as SettingValues;
}

/** The schema of a tab's form: each key with the check the server applies to it. */
export function settingsFormSchema(keys: readonly SettingKey[]) {
  return z.record(z.string(), z.string().optional()).superRefine((values, ctx) => {
    for (const key of keys) {
      const problem = problemOf(key, values[key]);
      if (problem) ctx.addIssue({ code: 'custom', path: [key], message: problem });
    }
  }) as unknown as z.ZodType<SettingValues, SettingValues>;
}

/** 'Vinhos, Queijos,,Vinhos' → ['Vinhos', 'Queijos'] (comma-separated settings). */
export function splitList(text: string | null | undefined): string[] {
  const seen = new Set<string>();
  const items: string[] = [];
  for (const raw of (text ?? '').split(',')) {
    const item = raw.trim();
    const folded = item.toLocaleLowerCase('pt-BR');
    if (item && !seen.has(folded)) {
      seen.add(folded);
      items.push(item);
    }
  }
  return items;
}

export function joinList(items: readonly string[]): string {
  return items.join(',');
}

/** '#abc' → '#aabbcc' (the native colour input only takes #rrggbb); undefined when not a colour. */
export function sixDigitHex(color: string): string | undefined {
  const v = color.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(v)) return v;
  if (/^#[0-9a-f]{3}$/.test(v)) return `#${[...v.slice(1)].map((c) => c + c).join('')}`;
  return undefined;
}
