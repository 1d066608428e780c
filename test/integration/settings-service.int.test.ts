import { beforeAll, describe, expect, it } from 'vitest';
import { RoleInput, UserCreate, UserUpdate } from '@freguesia/shared/schemas/identity';
import { SettingWrite } from '@freguesia/shared/schemas/settings';
import { systemContext } from '@freguesia/functions/lib/context';
import { createRole } from '@freguesia/functions/settings/roles.service';
import { listSettings, readSettingValue, writeSetting } from '@freguesia/functions/settings/settings.service';
import { createUser, deleteUser, listUsers, updateUser } from '@freguesia/functions/settings/users.service';
import { createTestTenant, staffContext, type TestTenant } from '../support/tenant';

let seq = 0;
const newUser = (roleId: number, overrides: Record<string, unknown> = {}) => {
  seq += 1;
  return UserCreate.parse({
    email: `pessoa${seq}@loja.test`,
    fullname: `Conceição Araújo ${seq}`,
    shortname: `Conceição ${seq}`,
    document: `987.654.${String(seq).padStart(3, '0')}-00`,
    password: 'Senha-boa-123',
    password_confirmation: 'Senha-boa-123',
    all_stores: 'Y',
    store_id: null,
    role_id: roleId,
    ...overrides,
  });
};

/** The settings services called directly (no HTTP), with a fresh tenant. */
describe('settings service', () => {
  let t: TestTenant;
  let marketing: number;

  beforeAll(async () => {
    t = await createTestTenant('ssv');
    marketing = t.roleIds[1]!;
  });

  it('refuses a second user with the same e-mail, whatever its case, and keeps the list as it was', async () => {
    // Prepare
    const ctx = staffContext(t);
    const first = newUser(marketing);
    await createUser(ctx, first);
    const before = await listUsers(ctx, { page: 1, per_page: 50 });
    // Act
    const attempt = createUser(ctx, newUser(marketing, { email: first.email.toUpperCase() }));
    // Assess
    await expect(attempt).rejects.toMatchObject({
      kind: 'conflict',
      message: 'Já existe um usuário com este e-mail.',
    });
    const after = await listUsers(ctx, { page: 1, per_page: 50 });
    expect(after.pagination.total).toBe(before.pagination.total);
    // Accent-insensitive search by name finds the one user.
    const found = await listUsers(ctx, { q: `conceicao araujo ${seq - 1}`, page: 1, per_page: 50 });
    expect(found.data.map((u) => [u.email, u.role])).toEqual([[first.email, 'Marketing']]);
  });

  it('protects the signed-in user and the last administrator', async () => {
    // Prepare
    const ctx = staffContext(t);
    const self = {
      id: t.adminId,
      ...newUser(t.roleIds[0]!, { email: t.adminEmail, document: '000.000.001-91' }),
    };
    const refusal = (attempt: Promise<unknown>) =>
      attempt.then(
        () => undefined,
        (error: unknown) => error,
      );
    // Act
    const removeSelf = await refusal(deleteUser(ctx, t.adminId));
    const demote = await refusal(
      updateUser(
        ctx,
        UserUpdate.parse({ ...self, role_id: marketing, password: '', password_confirmation: '' }),
      ),
    );
    const disable = await refusal(
      updateUser(ctx, UserUpdate.parse({ ...self, active: 'N', password: '', password_confirmation: '' })),
    );
    // Assess
    expect(removeSelf).toMatchObject({
      kind: 'conflict',
      message: 'Você não pode remover o seu próprio usuário.',
    });
    expect(demote).toMatchObject({
      kind: 'conflict',
      message: 'Não é possível alterar a permissão do último administrador.',
    });
    expect(disable).toMatchObject({
      kind: 'conflict',
      message: 'Você não pode desativar o seu próprio usuário.',
    });
    expect((await listUsers(ctx, { q: t.adminEmail, page: 1, per_page: 10 })).data).toEqual([
      expect.objectContaining({ id: t.adminId, role: 'Administrador', active: 'Y' }),
    ]);
  });

  it('treats role names alike when only accents, case or spaces differ', async () => {
    // Prepare
    const ctx = staffContext(t);
    await createRole(
      ctx,
      RoleInput.parse({ role: 'Gerência Regional', description: 'Gerentes', permissions: [] }),
    );
    // Act
    const attempt = createRole(
      ctx,
      RoleInput.parse({ role: '  GERENCIA   regional ', description: 'Outra', permissions: [] }),
    );
    // Assess
    await expect(attempt).rejects.toMatchObject({
      kind: 'conflict',
      message: 'Já existe uma permissão com este nome.',
    });
  });

  it('masks a secret for staff while other domains read it in clear', async () => {
    // Prepare
    const ctx = staffContext(t);
    // Act
    const written = await writeSetting(
      ctx,
      SettingWrite.parse({ key: 'sendgrid_apikey', value: 'SG.chave-secreta-9876' }),
    );
    // Assess
    expect(written).toMatchObject({ key: 'sendgrid_apikey', value: '••••••••9876', secret: true });
    expect(await readSettingValue(systemContext(t.tenant, 'mail'), 'sendgrid_apikey')).toBe(
      'SG.chave-secreta-9876',
    );
    // A job's context has no tenant theme at hand: the unwritten primary_color is read from the tenant.
    const all = await listSettings(systemContext(t.tenant, 'report'));
    expect(all.find((s) => s.key === 'primary_color')).toMatchObject({ value: '#c62828', updated_at: null });
  });
});
