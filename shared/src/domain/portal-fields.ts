/**
 * The portal fields that the `portal_fields_require` setting can make required, with their
 * Portuguese labels. Zod-free on purpose: the public portal page reads it before any schema
 * code loads; `schemas/customer.ts` builds the portal's validation from the same list.
 */
export const PORTAL_OPTIONAL_FIELDS = {
  gender: 'Sexo',
  cellphone: 'Celular',
  email: 'E-mail',
  date_birth: 'Data de nascimento',
  zipcode: 'CEP',
  state: 'Estado',
  city: 'Cidade',
  neighborhood: 'Bairro',
  address: 'Endereço',
  number: 'Número',
  complement: 'Complemento',
  tags: 'Interesses',
  communications: 'Comunicações',
} as const;
export type PortalOptionalField = keyof typeof PORTAL_OPTIONAL_FIELDS;

/** 'Preencha o campo obrigatório: E-mail'. */
export const portalRequiredMessage = (field: PortalOptionalField) =>
  `Preencha o campo obrigatório: ${PORTAL_OPTIONAL_FIELDS[field]}`;

/** Parses the comma-separated `portal_fields_require` setting into known field names. */
export function parseRequiredFields(setting: string | null | undefined): PortalOptionalField[] {
  return (setting ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter((f): f is PortalOptionalField => Object.hasOwn(PORTAL_OPTIONAL_FIELDS, f));
}
