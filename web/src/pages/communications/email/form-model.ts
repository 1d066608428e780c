import {
  COMMUNICATION_MESSAGES,
  isEmailAddress,
  LIMITS,
  recipientList,
  TEMPLATE_VARIABLES,
} from '@freguesia/shared/schemas/communication';
import { z } from 'zod';
import type { CommunicationDetails, CommunicationPayload } from '../../../api/communications';
import {
  COMMON_FIELDS,
  commonFromDetails,
  commonToPayload,
  communicationSchema,
  emptyCommon,
  type CommonValues,
} from '../common/model';

/**
 * The e-mail and e-mail template editors' model (spec part 3 §2 'E-mail communications', 'E-mail
 * templates', §3, §4, §5 'E-mail', 'Template', §9): the values the form holds, their conversion
 * from a saved record (edit, clone) and to the wire payload, and the form schemas, which validate
 * that payload with the shared `CommunicationCampaign` schema (so the spec's messages live there).
 * The message itself (HTML and the editor's project) lives in the visual editor, not in the form:
 * it is passed in as `content` when the payload is built. Pure: unit-tested in node.
 */

export const EMAIL_TITLE = 'Nova comunicação via e-mail';
export const EMAIL_LIST = '/communications/mail';
export const TEMPLATE_TITLE = 'Novo Template de Comunicação';
export const TEMPLATE_LIST = '/communications/template';
export const SAVED_NEW = 'Comunicação cadastrada com sucesso';
export const SAVED_EDIT = 'Comunicação alterada com sucesso';
/** The spec leaves the e-mail's failure text open ('a campaign variant'): the SMS/push wording. */
export const SAVE_FAILED = 'Erro ao alterar a Comunicação :( ';
export const TEMPLATE_SAVED_NEW = 'Template cadastrado com sucesso';
export const TEMPLATE_SAVED_EDIT = 'Template alterado com sucesso';
export const TEMPLATE_SAVE_FAILED = 'Erro ao alterar template :( ';
export const DELETE_QUESTION = 'Tem certeza que deseja excluir esta campanha de comunicação?';
export const TEMPLATE_DELETE_QUESTION = 'Tem certeza que deseja excluir este template?';

/** What the visual editor holds: the e-mail HTML (CSS inlined) and its project (JSON text). */
export interface EmailContent {
  html: string;
  flow: string;
}
export const NO_CONTENT: EmailContent = { html: '', flow: '' };

/** `{{nome}}`, `{{primeiro_nome}}`, … : the variables a message may use (filled per customer when sent). */
export const TEMPLATE_TOKENS: readonly string[] = TEMPLATE_VARIABLES.map((name) => `{{${name}}}`);

// ---------------------------------------------------------------------------------------
// E-mail
// ---------------------------------------------------------------------------------------

const emailShape = {
  /** `info.layout_title`. */
  subject: z.string(),
  /** E-mail addresses, ';'-separated; empty = the lead or everyone. */
  recipients: z.string(),
};
export type EmailFormValues = CommonValues & { subject: string; recipients: string };

export const emptyEmailForm = (): EmailFormValues => ({ ...emptyCommon(), subject: '', recipients: '' });

/** The recipients box as typed, cut at the spec's 100 characters. */
export const recipientsInput = (typed: string): string => typed.slice(0, LIMITS.recipients);

/** The counter under the recipients box ('42/100'). */
export const recipientsCounter = (recipients: string): string => `${recipients.length}/${LIMITS.recipients}`;

/** How many addresses the recipients box holds. */
export const recipientCount = (recipients: string): number => recipientList(recipients).length;

export function emailToPayload(
  v: EmailFormValues,
  content: EmailContent = NO_CONTENT,
  saved: { id?: number; updated_at?: string } = {},
): CommunicationPayload {
  const common = commonToPayload(v);
  const recipients = recipientList(v.recipients).join(';');
  return {
    ...(saved.id === undefined ? {} : { id: saved.id }),
    ...(saved.updated_at === undefined ? {} : { updated_at: saved.updated_at }),
    ...common,
    // An explicit list goes to those addresses only: no lead then.
    id_lead: recipients ? null : common.id_lead,
    type: 'EMAIL',
    info: {
      ...common.info,
      layout_title: v.subject.trim(),
      layout_body: content.html,
      flow: content.flow,
      recipients,
    },
  };
}

/**
 * The form values of a saved e-mail; a clone (spec part 3 §4) gets ' DUPLICADA' and loses its
 * approval (the id and the execution are the saved record's, never sent again).
 */
export function emailFromDetails(d: CommunicationDetails, clone = false): EmailFormValues {
  return { ...commonFromDetails(d, clone), subject: d.info.layout_title, recipients: d.info.recipients };
}

/** The saved message of a record, as the editor loads it. */
export const contentOf = (d: Pick<CommunicationDetails, 'info'>): EmailContent => ({
  html: d.info.layout_body,
  flow: d.info.flow,
});

/** Where a payload path's message shows on the e-mail form. */
export const EMAIL_FIELDS = {
  ...COMMON_FIELDS,
  'info.layout_title': 'subject',
  'info.recipients': 'recipients',
};

/** The e-mail form's schema; `id` when editing (an unchanged past date is then the server's call). */
export const emailFormSchema = (id?: number) =>
  // Date and time left blank: saved for 'Enviar agora' (issue 20), no schedule invented.
  communicationSchema(emailShape, (v) => emailToPayload(v), EMAIL_FIELDS, { id, manual: true });

// ---------------------------------------------------------------------------------------
// Test send
// ---------------------------------------------------------------------------------------

/**
 * What keeps a test send from going (spec part 3 §5 'E-mail'): an address and a subject are
 * needed. Undefined when it may go.
 */
export function testSendProblem(email: string, subject: string): string | undefined {
  if (!isEmailAddress(email.trim())) return COMMUNICATION_MESSAGES.testEmail;
  if (!subject.trim()) return COMMUNICATION_MESSAGES.testSubject;
  return undefined;
}

// ---------------------------------------------------------------------------------------
// Template
// ---------------------------------------------------------------------------------------

export interface TemplateFormValues {
  description: string;
  /** Optional. */
  subject: string;
}

export const emptyTemplateForm = (): TemplateFormValues => ({ description: '', subject: '' });

export const templateFromDetails = (d: CommunicationDetails): TemplateFormValues => ({
  description: d.description,
  subject: d.info.layout_title,
});

/** A template (type TEMAIL) is always valid ('Y') and active, for everyone: only its message matters. */
export function templateToPayload(
  v: TemplateFormValues,
  content: EmailContent = NO_CONTENT,
  saved: { id?: number; updated_at?: string } = {},
): CommunicationPayload {
  return {
    ...(saved.id === undefined ? {} : { id: saved.id }),
    ...(saved.updated_at === undefined ? {} : { updated_at: saved.updated_at }),
    description: v.description.trim(),
    type: 'TEMAIL',
    active: 'Y',
    always_valid: 'Y',
    id_lead: null,
    info: { type: 'O', layout_title: v.subject.trim(), layout_body: content.html, flow: content.flow },
  };
}

/** The template form's schema: description required ('Informe a descrição do template'). */
export const templateFormSchema = z
  .object({
    description: z.string().max(200, 'Máximo de 200 caracteres.'),
    subject: z.string().max(200, 'Máximo de 200 caracteres.'),
  })
  .superRefine((v, ctx) => {
    if (!v.description.trim())
      ctx.addIssue({
        code: 'custom',
        path: ['description'],
        message: COMMUNICATION_MESSAGES.templateDescription,
      });
  });
