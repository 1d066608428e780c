import type { Label, LabelInput, LabelListQuery } from '@freguesia/shared/schemas/label';
import { normalizeText } from '@freguesia/shared/domain/text';
import { recordAudit } from '../audit/audit.service';
import { staffOf, type ServiceContext } from '../lib/context';
import { forbidden } from '../lib/errors';
import { sanitizeLabelMarkup } from './labels.model';
import { labelsRepository, type LabelFields, type LabelRecord } from './labels.repository';

/**
 * Discount label layouts (spec part 3 §2 'Etiquetas de Descontos', §3, §5, §7): list by entity,
 * create, update, delete. Markup is sanitised on every save, so whatever reads a layout (the
 * print screen of part 2 §2.6) gets only the allowed tags and styles.
 */

/** Who may list layouts: the settings screen (Settings) and the print screen (Campaigns). */
const READERS = new Set(['read:Campaigns', 'write:Campaigns', 'read:Settings', 'write:Settings']);

export function labelAnswer(label: LabelRecord): Label {
  return {
    id: label.id,
    name: label.name,
    width: label.width,
    height: label.height,
    layout: label.layout,
    visible: label.visible,
    visible_rules: label.visibleRules,
    entity: label.entity as Label['entity'],
    created_at: label.createdAt ?? '',
    updated_at: label.updatedAt ?? '',
  };
}

const fieldsOf = (input: LabelInput): LabelFields => ({
  name: input.name,
  width: input.width,
  height: input.height,
  layout: sanitizeLabelMarkup(input.layout),
  visible: input.visible,
  visibleRules: input.visible_rules,
  entity: input.entity,
});

/** GET /web/labels: the layouts of `entity` (all when absent), by name. */
export async function listLabels(ctx: ServiceContext, query: LabelListQuery): Promise<Label[]> {
  const staff = staffOf(ctx);
  if (staff && !staff.abilities.some((a) => READERS.has(`${a.action}:${a.subject}`))) throw forbidden();
  const labels = await labelsRepository(ctx.tenant).list();
  return labels
    .filter((l) => query.entity === undefined || l.entity === query.entity)
    .sort((a, b) => normalizeText(a.name).localeCompare(normalizeText(b.name)) || a.id - b.id)
    .map(labelAnswer);
}

/** POST /web/label. */
export async function createLabel(ctx: ServiceContext, input: LabelInput): Promise<Label> {
  const created = labelAnswer(await labelsRepository(ctx.tenant).create(fieldsOf(input)));
  await recordAudit(ctx, {
    entity: 'label',
    entityId: created.id,
    action: 'create',
    summary: created.name,
    after: created,
  });
  return created;
}

/** PUT /web/label (id in the body). */
export async function updateLabel(ctx: ServiceContext, id: number, input: LabelInput): Promise<Label> {
  const previous = await labelsRepository(ctx.tenant).get(id);
  const updated = labelAnswer(await labelsRepository(ctx.tenant).update(id, fieldsOf(input)));
  await recordAudit(ctx, {
    entity: 'label',
    entityId: id,
    action: 'update',
    summary: updated.name,
    before: previous ? labelAnswer(previous) : undefined,
    after: updated,
  });
  return updated;
}

/** DELETE /web/label/{id}. */
export async function deleteLabel(ctx: ServiceContext, id: number): Promise<void> {
  const previous = await labelsRepository(ctx.tenant).get(id);
  await labelsRepository(ctx.tenant).remove(id);
  if (previous)
    await recordAudit(ctx, {
      entity: 'label',
      entityId: id,
      action: 'delete',
      summary: previous.name,
      before: labelAnswer(previous),
    });
}
