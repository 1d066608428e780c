import * as z from 'zod';
import { CUSTOMER_SERVICE_MESSAGES, type Department } from '@freguesia/shared/schemas/customer-service';
import type { DepartmentBody } from '../../../api/customer-service';

/**
 * The department form ('Setores' in Ajustes › Plataforma › 'Central de Atendimentos'; spec part 3
 * §3 'Service channel' department: name, id_channel, active, users). The shared DepartmentInput
 * checks the same on the server.
 */

/** Spec §8: 'Alterado' / 'Cadastrado com sucesso' for departments. */
export const DEPARTMENT_NOTICES = {
  created: CUSTOMER_SERVICE_MESSAGES.created,
  updated: CUSTOMER_SERVICE_MESSAGES.saved,
  createFailed: 'Erro ao cadastrar setor',
  updateFailed: 'Erro ao alterar setor',
} as const;

export const departmentFormSchema = z.object({
  name: z.string().trim().min(1, 'Informe o nome do setor.').max(100, 'Máximo de 100 caracteres.'),
  /** The channel's id as the select holds it ('' = none chosen). */
  id_channel: z.string().min(1, 'Informe o canal.'),
  active: z.boolean(),
  /** The users' ids as the multiselect holds them. */
  users: z.array(z.string()).max(500, 'Máximo de 500 usuários.'),
});
export type DepartmentFormValues = z.input<typeof departmentFormSchema>;

export const EMPTY_DEPARTMENT_FORM: DepartmentFormValues = {
  name: '',
  id_channel: '',
  active: true,
  users: [],
};

export const departmentFormFromDepartment = (d: Department): DepartmentFormValues => ({
  name: d.name,
  id_channel: d.id_channel ? String(d.id_channel) : '',
  active: d.active,
  users: d.users.map(String),
});

/** The body of POST …/department/new (and of PUT …/department with `id`). */
export function departmentBody(values: z.output<typeof departmentFormSchema>, id?: number): DepartmentBody {
  return {
    ...(id === undefined ? {} : { id }),
    name: values.name.trim(),
    id_channel: Number(values.id_channel),
    active: values.active,
    users: [...new Set(values.users.map(Number).filter((n) => Number.isInteger(n) && n > 0))],
  };
}
