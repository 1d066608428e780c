import type { PortalCustomer, PortalOptionalField } from '@freguesia/shared/schemas/customer';
import { portalRequiredMessage } from '@freguesia/shared/schemas/customer';

/**
 * Pure rules of the public portal: the fields `portal_fields_require` makes mandatory and
 * the interest tags the portal offers.
 */

/** Errors per field for the settings-required fields left empty. */
export function missingRequired(
  payload: PortalCustomer,
  required: readonly PortalOptionalField[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of required) {
    const empty =
      field === 'tags'
        ? payload.tags.length === 0
        : field === 'communications'
          ? [
              payload.cellphone_optout,
              payload.whatsapp_optout,
              payload.email_optout,
              payload.app_optout,
            ].every((f) => f === 'Y')
          : payload[field] === undefined || payload[field] === null || payload[field] === '';
    if (empty) errors[field] = portalRequiredMessage(field);
  }
  return errors;
}

/**
 * The `portal_tags` setting as a list of descriptions: a JSON array (of strings or of
 * `{description}`) or text separated by commas, semicolons or line breaks.
 */
export function parsePortalTags(value: string | null | undefined): string[] {
  const text = (value ?? '').trim();
  if (!text) return [];
  let list: unknown[] | undefined;
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) list = parsed;
    } catch {
      // Not JSON after all: read it as separated text.
    }
  }
  const names = (list ?? text.split(/[,;\n]/)).map((t) =>
    typeof t === 'string'
      ? t
      : t && typeof t === 'object' && 'description' in t
        ? String((t as { description: unknown }).description)
        : '',
  );
  return [...new Set(names.map((n) => n.trim()).filter(Boolean))];
}

/**
 * The tags a portal save leaves on the customer: the portal interests chosen (only those
 * the portal offers) plus the tags staff gave that the portal does not show.
 */
export function mergePortalTags(
  chosen: readonly string[],
  offered: readonly string[],
  current: readonly string[] = [],
): string[] {
  const offeredSet = new Set(offered);
  const kept = current.filter((t) => !offeredSet.has(t));
  return [...new Set([...kept, ...chosen.filter((t) => offeredSet.has(t))])];
}
