import {
  CUSTOMER_SERVICE_MESSAGES,
  EMPTY_FLOW,
  FlowGraph,
  parseFlowText,
  validateFlow,
  type ChannelFlow,
  type ChannelFlowInput,
  type Department,
  type DepartmentInput,
  type DepartmentList,
  type FlowSaveResult,
  type SaveResult,
} from '@freguesia/shared/schemas/customer-service';
import { recordAudit } from '../audit/audit.service';
import { staffOf, type ServiceContext } from '../lib/context';
import { DomainError, forbidden, invalid, notFound } from '../lib/errors';
import { listUsers } from '../settings/users.service';
import { channelSummaries } from '../whatsapp/channels.service';
import { customerServiceRepository, type DepartmentItem } from './customer-service.repository';

/**
 * Departments (§3 'Service channel': id, name, id_channel, active, users) and the channels' bot
 * flows (§7 'GET/PUT /web/customer-service/channel/flow'), saved from Ajustes › Plataforma ›
 * 'Central de Atendimentos' (write Settings) and read by the inbox (write Attendances). Changes
 * are audited ('Setor de atendimento', 'Fluxo de atendimento').
 */

const DEPARTMENT_NOT_FOUND = 'Setor não encontrado.';

const has = (ctx: ServiceContext, action: 'read' | 'write', subject: 'Settings' | 'Attendances') => {
  const staff = staffOf(ctx);
  if (!staff) return true;
  return staff.abilities.some((a) => a.action === action && a.subject === subject);
};
/** An administrator of customer service: may configure it (write Settings), sees every conversation. */
export const isServiceAdmin = (ctx: ServiceContext): boolean => has(ctx, 'write', 'Settings');

/** The departments are read by the settings screen and the inbox. */
function assertReadDepartments(ctx: ServiceContext) {
  if (!has(ctx, 'write', 'Attendances') && !has(ctx, 'read', 'Settings') && !has(ctx, 'write', 'Settings'))
    throw forbidden();
}

export const departmentAnswer = (d: DepartmentItem): Department => ({
  id: d.id,
  name: d.name,
  id_channel: d.id_channel,
  active: d.active,
  users: [...(d.users ?? [])].sort((a, b) => a - b),
  updated_at: d.updated_at,
});

/** Every department of the tenant (a handful: one Query), by name. */
export async function allDepartments(ctx: ServiceContext): Promise<Department[]> {
  const items = await customerServiceRepository(ctx.tenant).departments();
  return items.map(departmentAnswer).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR') || a.id - b.id);
}

export async function listDepartments(ctx: ServiceContext): Promise<DepartmentList> {
  assertReadDepartments(ctx);
  return { data: await allDepartments(ctx) };
}

export async function getDepartment(ctx: ServiceContext, id: number): Promise<Department> {
  assertReadDepartments(ctx);
  const found = await customerServiceRepository(ctx.tenant).department(id);
  if (!found) throw notFound(DEPARTMENT_NOT_FOUND);
  return departmentAnswer(found);
}

async function checkDepartment(ctx: ServiceContext, input: DepartmentInput): Promise<void> {
  const errors: Record<string, string> = {};
  if (input.id_channel > 0) {
    const channels = await channelSummaries(ctx);
    if (!channels.has(input.id_channel)) errors.id_channel = 'Canal não encontrado.';
  }
  if (input.users.length > 0) {
    const users = await listUsers(ctx, { page: 1, per_page: 1000 });
    const known = new Set(users.data.map((u) => u.id));
    const unknown = input.users.filter((u) => !known.has(u));
    if (unknown.length > 0) errors.users = `Usuário não encontrado: ${unknown.join(', ')}.`;
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

/** POST /web/customer-service/department/new. */
export async function createDepartment(ctx: ServiceContext, input: DepartmentInput): Promise<SaveResult> {
  await checkDepartment(ctx, input);
  const repo = customerServiceRepository(ctx.tenant);
  const id = await repo.nextDepartmentId();
  const item = {
    id,
    name: input.name,
    id_channel: input.id_channel,
    active: input.active,
    users: input.users,
    updated_at: ctx.now().toISOString(),
  };
  await repo.putDepartment(item);
  await recordAudit(ctx, {
    entity: 'department',
    entityId: id,
    action: 'create',
    summary: item.name,
    after: {
      name: item.name,
      id_channel: item.id_channel,
      active: item.active,
      users: item.users.join(', '),
    },
  });
  return { id, message: CUSTOMER_SERVICE_MESSAGES.created };
}

/** PUT /web/customer-service/department (and the spec's PUT on the message-send path). */
export async function updateDepartment(ctx: ServiceContext, input: DepartmentInput): Promise<SaveResult> {
  if (!input.id) throw invalid({ id: 'Informe o id do setor.' });
  const repo = customerServiceRepository(ctx.tenant);
  const current = await repo.department(input.id);
  if (!current) throw notFound(DEPARTMENT_NOT_FOUND);
  await checkDepartment(ctx, input);
  const item = {
    id: current.id,
    name: input.name,
    id_channel: input.id_channel,
    active: input.active,
    users: input.users,
    updated_at: ctx.now().toISOString(),
  };
  await repo.putDepartment(item);
  const view = (d: { name: string; id_channel: number; active: boolean; users?: number[] }) => ({
    name: d.name,
    id_channel: d.id_channel,
    active: d.active,
    users: [...(d.users ?? [])].sort((a, b) => a - b).join(', '),
  });
  await recordAudit(ctx, {
    entity: 'department',
    entityId: item.id,
    action: 'update',
    summary: item.name,
    before: view(current),
    after: view(item),
  });
  return { id: item.id, message: CUSTOMER_SERVICE_MESSAGES.saved };
}

/** DELETE /web/customer-service/department?id (its open conversations keep their department id). */
export async function deleteDepartment(ctx: ServiceContext, id: number): Promise<SaveResult> {
  const repo = customerServiceRepository(ctx.tenant);
  const current = await repo.department(id);
  if (!current) throw notFound(DEPARTMENT_NOT_FOUND);
  await repo.removeDepartment(id);
  await recordAudit(ctx, {
    entity: 'department',
    entityId: id,
    action: 'delete',
    summary: current.name,
    before: { name: current.name },
  });
  return { id, message: CUSTOMER_SERVICE_MESSAGES.removed };
}

// ------------------------------------------------------------------------------------- flows

async function assertChannel(ctx: ServiceContext, id: number): Promise<void> {
  const channels = await channelSummaries(ctx);
  if (!channels.has(id)) throw notFound('Canal não encontrado.');
}

/** GET /web/customer-service/channel/flow?id: the saved flow, or a flow with only its Start. */
export async function getChannelFlow(ctx: ServiceContext, channel: number): Promise<ChannelFlow> {
  await assertChannel(ctx, channel);
  const saved = await customerServiceRepository(ctx.tenant).flow(channel);
  return {
    id_channel: channel,
    flow: saved?.flow ?? JSON.stringify(EMPTY_FLOW),
    updated_at: saved?.updated_at ?? null,
  };
}

/** PUT /web/customer-service/channel/flow: saved only when validateFlow finds nothing (400 with every problem). */
export async function saveChannelFlow(ctx: ServiceContext, input: ChannelFlowInput): Promise<FlowSaveResult> {
  await assertChannel(ctx, input.id_channel);
  const parsed = parseFlowText(input.flow);
  if (parsed === undefined) throw invalid({ flow: 'O fluxo não é um JSON válido.' });
  const errors = validateFlow(parsed);
  if (errors.length > 0)
    throw new DomainError('invalid', errors[0]!.message, {
      errors: { flow: errors[0]!.message },
      flow_errors: errors,
    });
  const graph = FlowGraph.parse(parsed);
  const repo = customerServiceRepository(ctx.tenant);
  const before = await repo.flow(input.id_channel);
  const text = JSON.stringify(graph);
  await repo.putFlow(input.id_channel, text, ctx.now().toISOString());
  const shape = (g: FlowGraph | undefined) =>
    g ? { nodes: String(g.nodes.length), edges: String(g.edges.length) } : { nodes: '', edges: '' };
  const previous = before ? FlowGraph.safeParse(parseFlowText(before.flow)) : undefined;
  await recordAudit(ctx, {
    entity: 'botFlow',
    entityId: input.id_channel,
    action: before ? 'update' : 'create',
    summary: `Canal ${input.id_channel}`,
    before: before
      ? { ...shape(previous?.success ? previous.data : undefined), flow: before.flow }
      : undefined,
    after: { ...shape(graph), flow: text },
  });
  return { id_channel: input.id_channel, message: CUSTOMER_SERVICE_MESSAGES.flowSaved };
}

const flowCache = new Map<string, { updated_at: string; flow: FlowGraph | undefined }>();

/** The flow the bot runs on a channel (parsed once per saved version), or undefined when none. */
export async function runnableFlow(ctx: ServiceContext, channel: number): Promise<FlowGraph | undefined> {
  const saved = await customerServiceRepository(ctx.tenant).flow(channel);
  if (!saved) return undefined;
  const key = `${ctx.tenant}:${channel}`;
  const cached = flowCache.get(key);
  if (cached && cached.updated_at === saved.updated_at) return cached.flow;
  const parsed = FlowGraph.safeParse(parseFlowText(saved.flow));
  const flow = parsed.success ? parsed.data : undefined;
  flowCache.set(key, { updated_at: saved.updated_at, flow });
  return flow;
}
