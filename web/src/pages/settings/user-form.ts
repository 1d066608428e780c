import type { User } from '@freguesia/shared/schemas/identity';
import { USER_MESSAGES, userCreateSchema, userUpdateSchema } from '@freguesia/shared/schemas/identity';
import { z } from 'zod';
import type { UserBody } from '../../api/identity';

/** The user drawer's values (spec part 3 §3, §5). */
export interface UserFormValues {
  email: string;
  fullname: string;
  shortname: string;
  document: string;
  role_id: number | null;
  allStores: boolean;
  store_id: number | null;
  password: string;
  password_confirmation: string;
}

export type UserFormMode = { kind: 'create' } | { kind: 'edit'; id: number };

export const EMPTY_USER_FORM: UserFormValues = {
  email: '',
  fullname: '',
  shortname: '',
  document: '',
  role_id: null,
  allStores: true,
  store_id: null,
  password: '',
  password_confirmation: '',
};

/** The form filled with a listed user (the password is never known: left empty). */
export function userFormFromUser(user: User): UserFormValues {
  return {
    email: user.email,
    fullname: user.fullname,
    shortname: user.shortname,
    document: user.document,
    role_id: user.role_id,
    allStores: user.all_stores === 'Y',
    store_id: user.store_id,
    password: '',
    password_confirmation: '',
  };
}

/** A positive integer id, else null (the spec sends store_id/role_id as null when not positive). */
export function positiveIdOrNull(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * The request body. On creation the password and its confirmation always go; on edit they
 * go only when a new password was typed. The store goes only when not all stores.
 */
export function userBody(values: UserFormValues, mode: UserFormMode): UserBody {
  const body: UserBody = {
    email: values.email.trim(),
    fullname: values.fullname.trim(),
    shortname: values.shortname.trim(),
    document: values.document.trim(),
    role_id: positiveIdOrNull(values.role_id),
    all_stores: values.allStores ? 'Y' : 'N',
    store_id: values.allStores ? null : positiveIdOrNull(values.store_id),
  };
  if (mode.kind === 'edit') body.id = mode.id;
  if (mode.kind === 'create' || values.password !== '') {
    body.password = values.password;
    body.password_confirmation = values.password_confirmation;
  }
  return body;
}

const formValues = z.object({
  email: z.string(),
  fullname: z.string(),
  shortname: z.string(),
  document: z.string(),
  role_id: z.number().nullable(),
  allStores: z.boolean(),
  store_id: z.number().nullable(),
  password: z.string(),
  password_confirmation: z.string(),
});

/**
 * The form's schema: the body it would send must pass the server's own schema (shared
 * `userCreateSchema`/`userUpdateSchema`), so every message is the spec's — 'Digite o email',
 * 'Digite o nome', 'Digite o nome reduzido', 'Digite um documento único', 'Selecione a
 * permissão', the work store when not all stores, 'Informe a senha!' and 'Confirme a senha' on
 * creation, 'As duas senhas que você digitou não coincidem!' — one message per field.
 */
export function userFormSchema(mode: UserFormMode) {
  const body =
    mode.kind === 'create'
      ? userCreateSchema({ requireConfirmation: true })
      : userUpdateSchema({ requireConfirmation: true });
  return formValues.superRefine((values, ctx) => {
    const result = body.safeParse(userBody(values, mode));
    const seen = new Set<string>();
    for (const issue of result.success ? [] : result.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (!field || seen.has(field)) continue;
      seen.add(field);
      ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
    }
    // On creation the confirmation is required even while the password itself is missing.
    if (mode.kind === 'create' && values.password_confirmation === '' && !seen.has('password_confirmation')) {
      ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: USER_MESSAGES.confirmation });
    }
  });
}
