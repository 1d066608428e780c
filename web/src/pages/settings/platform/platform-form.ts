import { SETTINGS, type SettingKey } from '@freguesia/shared/schemas/settings';
import type { FieldErrors } from '../field-errors';

/** Values of the platform settings being edited, by key ('' when unset). */
export type SettingValues = Partial<Record<SettingKey, string>>;

export const DASHBOARD_KEYS = ['primary_color', 'average_baskets_days'] as const satisfies readonly SettingKey[];

export const PORTAL_KEYS = [
  'program_description',
  'program_term',
  'portal_background_image',
  'portal_style_bg',
  'portal_primary_color',
  'portal_secondary_color',
  'portal_fields_require',
  'portal_tags',
] as const satisfies readonly SettingKey[];

export const SAVED_NOTICE = 'Alterado com sucesso';
export const SAVE_FAILED_NOTICE = 'Erro ao alterar';

const value = (values: SettingValues, key: SettingKey) => (values[key] ?? '').trim();

/** The keys whose value differs from the saved one (each is one PUT /web/settings). */
export function changedKeys(keys: readonly SettingKey[], saved: SettingValues, current: SettingValues): SettingKey[] {
  return keys.filter((key) => value(saved, key) !== value(current, key));
}

const URL_PATTERN = /^(https?:\/\/[^\s]+|\/[^\s]*)$/i;

/** The server's own checks (shared SETTINGS) plus the background image address. */
export function validateSettings(keys: readonly SettingKey[], current: SettingValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const key of keys) {
    const v = value(current, key);
    const problem = SETTINGS[key].check?.(v);
    if (problem) errors[key] = problem;
  }
  if (keys.includes('portal_background_image')) {
    const url = value(current, 'portal_background_image');
    if (url && !URL_PATTERN.test(url)) errors.portal_background_image = 'Informe um endereço http(s):// da imagem.';
  }
  return errors;
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
