import type { NodeKind } from '@freguesia/shared/schemas/customer-service';

/** What each component does, as 'Selecione um componente' explains it. */
export const KIND_DESCRIPTIONS: Record<NodeKind, string> = {
  Start: 'Onde o fluxo começa; uma palavra pode reiniciá-lo.',
  SimpleMessage: 'Envia um texto ao cliente.',
  SendMedia: 'Envia uma imagem ou um documento por URL.',
  Condition: 'Segue por Verdadeiro ou Falso conforme um padrão.',
  Transfer: 'Entrega a conversa a um setor.',
  Contact: 'Envia um cartão de contato.',
  Request: 'Chama uma URL e guarda a resposta em variáveis.',
  Javascript: 'Roda um script isolado sobre as variáveis.',
  EndAttendance: 'Encerra o atendimento.',
  OptIn: 'Registra o aceite de mensagens no WhatsApp.',
  OptOut: 'Registra a recusa de mensagens no WhatsApp.',
  SendButtons: 'Envia botões de opção; cada opção tem sua saída.',
};
