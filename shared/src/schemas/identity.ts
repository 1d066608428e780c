import * as z from 'zod';
import { ACTIONS, SUBJECTS, abilitySchema, permissionById } from '../domain/permissions';

/**
 * Staff identity on the wire: login, the permission catalogue, roles and users
 * (spec part 1 §4–§7, part 3 §3, §5, §7). Each schema shares its name with its type.
 * The server validates with these; the web reuses them for forms and to parse answers.
 */

// ---------------------------------------------------------------------------------------
// Login
// ---------------------------------------------------------------------------------------

/** The one answer to any failed login (wrong e-mail, wrong password, disabled user). */
export const LOGIN_FAILED_MESSAGE =
  'Não foi possivel realizar seu login, verifique os dados e tente novamente.';
/** Answer (429) while an e-mail or an address is locked after too many failures. */
export const LOGIN_THROTTLED_MESSAGE = 'Muitas tentativas de login. Aguarde 15 minutos e tente novamente.';

export const LoginRequest = z.object({
  email: z
    .string({ error: 'Digite o email' })
    .trim()
    .min(1, 'Digite o email')
    .max(254, 'E-mail muito longo.'),
  password: z.string({ error: 'Digite a senha' }).min(1, 'Digite a senha').max(256, 'Senha muito longa.'),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

const yesNo = z.enum(['Y', 'N']);

/** POST /api/web/login answer: the spec's `{token, ability, shortname}` plus the user's profile. */
export const LoginAnswer = z.object({
  token: z.string(),
  ability: z.array(abilitySchema),
  shortname: z.string(),
  fullname: z.string(),
  id: z.number(),
  email: z.string(),
  /** Name of the user's role. */
  role: z.string(),
  role_id: z.number(),
  all_stores: yesNo,
  store_id: z.number().nullable(),
});
export type LoginAnswer = z.infer<typeof LoginAnswer>;

// ---------------------------------------------------------------------------------------
// Permission catalogue
// ---------------------------------------------------------------------------------------

/** One entry of GET /api/web/permissions. */
export const PermissionEntry = z.object({
  id: z.number(),
  action: z.enum(ACTIONS),
  subject: z.enum(SUBJECTS),
  /** Leaf label in the role editor's tree, e.g. 'Visualizar'. */
  label: z.string(),
  /** Group label of the subject, e.g. 'Clientes'. */
  subject_label: z.string(),
});
export type PermissionEntry = z.infer<typeof PermissionEntry>;

// ---------------------------------------------------------------------------------------
// Roles
// ---------------------------------------------------------------------------------------

/** `[{id}]` as the spec sends it; bare ids are accepted too. Output: distinct ids. */
const permissionRefs = z
  .array(z.union([z.number().int(), z.object({ id: z.coerce.number().int() })]), {
    error: 'Selecione as permissões do perfil.',
  })
  .default([])
  .transform((refs) => [...new Set(refs.map((ref) => (typeof ref === 'number' ? ref : ref.id)))])
  .superRefine((ids, ctx) => {
    const unknown = ids.filter((id) => !permissionById(id));
    if (unknown.length > 0)
      ctx.addIssue({ code: 'custom', message: `Permissão desconhecida: ${unknown.join(', ')}.` });
  });

export const RoleInput = z.object({
  role: z
    .string({ error: 'Digite o nome da permissão' })
    .trim()
    .min(1, 'Digite o nome da permissão')
    .max(80, 'O nome da permissão deve ter no máximo 80 caracteres.'),
  description: z
    .string({ error: 'Digite a descrição' })
    .trim()
    .min(1, 'Digite a descrição')
    .max(255, 'A descrição deve ter no máximo 255 caracteres.'),
  permissions: permissionRefs,
});
export type RoleInput = z.infer<typeof RoleInput>;

const recordId = z.coerce.number({ error: 'Informe o id.' }).int('Id inválido.').positive('Id inválido.');

export const RoleUpdate = RoleInput.extend({ id: recordId });
export type RoleUpdate = z.infer<typeof RoleUpdate>;

/** A role as the API answers it. */
export const Role = z.object({
  id: z.number(),
  role: z.string(),
  description: z.string(),
  /** False for the seeded Administrador role: it cannot be removed. */
  can_remove: z.boolean(),
  permissions: z.array(z.object({ id: z.number() })),
  /** Users holding this role. */
  users_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Role = z.infer<typeof Role>;

// ---------------------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------------------

/** Password policy: 8 to 128 characters, nothing else (NIST SP 800-63B: length over rules). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const USER_MESSAGES = {
  email: 'Digite o email',
  emailInvalid: 'Digite um email válido.',
  fullname: 'Digite o nome',
  shortname: 'Digite o nome reduzido',
  document: 'Digite um documento único',
  role: 'Selecione a permissão',
  store: 'Selecione a loja de trabalho',
  password: 'Informe a senha!',
  passwordShort: `A senha deve ter ao menos ${PASSWORD_MIN_LENGTH} caracteres.`,
  passwordLong: `A senha deve ter no máximo ${PASSWORD_MAX_LENGTH} caracteres.`,
  confirmation: 'Confirme a senha',
  mismatch: 'As duas senhas que você digitou não coincidem!',
} as const;

/** The spec sends store_id/role_id as null when not positive; anything not a positive integer is null. */
const optionalId = z
  .unknown()
  .optional()
  .transform((value): number | null => {
    const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
  });

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Máximo de ${max} caracteres.`);

/** Only letters and digits count for the document (masks like 000.000.000-00 are dropped). */
export const normalizeUserDocument = (document: string): string =>
  document.replace(/[^0-9A-Za-z]/g, '').toUpperCase();

const createPassword = z
  .string({ error: USER_MESSAGES.password })
  .min(1, USER_MESSAGES.password)
  .min(PASSWORD_MIN_LENGTH, USER_MESSAGES.passwordShort)
  .max(PASSWORD_MAX_LENGTH, USER_MESSAGES.passwordLong);

// On edit the password is sent only when it changes; empty or absent means "keep".
const updatePassword = z
  .string()
  .max(PASSWORD_MAX_LENGTH, USER_MESSAGES.passwordLong)
  .nullish()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || v.length >= PASSWORD_MIN_LENGTH, USER_MESSAGES.passwordShort);

const userBase = z.object({
  email: z
    .string({ error: USER_MESSAGES.email })
    .trim()
    .toLowerCase()
    .min(1, USER_MESSAGES.email)
    .max(254, USER_MESSAGES.emailInvalid)
    .pipe(z.email(USER_MESSAGES.emailInvalid)),
  fullname: requiredText(USER_MESSAGES.fullname, 120),
  shortname: requiredText(USER_MESSAGES.shortname, 40),
  document: z
    .string({ error: USER_MESSAGES.document })
    .transform(normalizeUserDocument)
    .pipe(z.string().min(1, USER_MESSAGES.document).max(20, 'Documento muito longo.')),
  password_confirmation: z.string().nullish(),
  all_stores: yesNo.default('N'),
  store_id: optionalId,
  role_id: optionalId.refine((id) => id !== null, USER_MESSAGES.role),
});

const userCreateShape = userBase.extend({ password: createPassword, active: yesNo.default('Y') });
/** On update `active` omitted means unchanged; 'N' disables the user. */
const userUpdateShape = userBase.extend({ id: recordId, password: updatePassword, active: yesNo.optional() });

type UserShapeOutput = z.output<typeof userCreateShape> | z.output<typeof userUpdateShape>;

/**
 * Rules across fields: the work store when not all stores, and the password confirmation.
 * Runs even when some field failed, so the form gets every message at once.
 */
function crossFieldRules(requireConfirmation: boolean) {
  return (value: Partial<UserShapeOutput>, ctx: z.RefinementCtx) => {
    if (value.all_stores !== 'Y' && (value.store_id === null || value.store_id === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['store_id'], message: USER_MESSAGES.store });
    }
    const password = typeof value.password === 'string' ? value.password : '';
    const confirmation = value.password_confirmation;
    if (!password) return;
    if (confirmation === undefined || confirmation === null || confirmation === '') {
      if (requireConfirmation || confirmation === '') {
        ctx.addIssue({
          code: 'custom',
          path: ['password_confirmation'],
          message: USER_MESSAGES.confirmation,
        });
      }
    } else if (confirmation !== password) {
      ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: USER_MESSAGES.mismatch });
    }
  };
}

/**
 * The user form schema. The API takes `password_confirmation` as optional (checked when
 * sent); the web form passes `requireConfirmation` to demand it on creation as the spec does.
 */
export function userCreateSchema(options: { requireConfirmation?: boolean } = {}) {
  return userCreateShape.superRefine(crossFieldRules(options.requireConfirmation ?? false), {
    when: () => true,
  });
}

export function userUpdateSchema(options: { requireConfirmation?: boolean } = {}) {
  return userUpdateShape.superRefine(crossFieldRules(options.requireConfirmation ?? false), {
    when: () => true,
  });
}

export const UserCreate = userCreateSchema();
export type UserCreate = z.infer<typeof UserCreate>;
export const UserUpdate = userUpdateSchema();
export type UserUpdate = z.infer<typeof UserUpdate>;

/** A user as the API answers it (never the password). */
export const User = z.object({
  id: z.number(),
  document: z.string(),
  fullname: z.string(),
  shortname: z.string(),
  email: z.string(),
  all_stores: yesNo,
  store_id: z.number().nullable(),
  /** Name of the work store; null when all stores or while no store record is known. */
  store_name: z.string().nullable(),
  role_id: z.number(),
  /** Role name. */
  role: z.string().nullable(),
  active: yesNo,
  created_at: z.string(),
  updated_at: z.string(),
});
export type User = z.infer<typeof User>;
