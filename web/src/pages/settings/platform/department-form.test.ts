import { describe, expect, it } from 'vitest';
import { DepartmentInput } from '@freguesia/shared/schemas/customer-service';
import {
  DEPARTMENT_NOTICES,
  departmentBody,
  departmentFormFromDepartment,
  departmentFormSchema,
} from './department-form';

describe('department form', () => {
  it('uses the spec notices', () => {
    expect(DEPARTMENT_NOTICES.created).toBe('Cadastrado com sucesso');
    expect(DEPARTMENT_NOTICES.updated).toBe('Alterado');
  });

  it('asks for the name and the channel', () => {
    const result = departmentFormSchema.safeParse({ name: ' ', id_channel: '', active: true, users: [] });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => i.message);
    expect(messages).toContain('Informe o nome do setor.');
    expect(messages).toContain('Informe o canal.');
  });

  it('sends {name, id_channel, active, users} (id on edit) that the server accepts', () => {
    const values = departmentFormSchema.parse({
      name: ' Vendas ',
      id_channel: '4',
      active: false,
      users: ['3', '3', '9'],
    });
    const created = departmentBody(values);
    expect(created).toEqual({ name: 'Vendas', id_channel: 4, active: false, users: [3, 9] });
    expect(DepartmentInput.parse(created)).toMatchObject(created);
    expect(departmentBody(values, 12)).toMatchObject({ id: 12 });
  });

  it('starts the edit form from the department', () => {
    expect(
      departmentFormFromDepartment({
        id: 1,
        name: 'Suporte',
        id_channel: 2,
        active: true,
        users: [5],
        updated_at: '',
      }),
    ).toEqual({ name: 'Suporte', id_channel: '2', active: true, users: ['5'] });
  });
});
