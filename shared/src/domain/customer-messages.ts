/**
 * The customer messages of the spec (verbatim), without zod or the document checks: the services
 * that only raise them carry this module, not the wire schemas (`schemas/customer.ts` re-exports it).
 */

export const CUSTOMER_MESSAGES = {
  type: 'Escolha o tipo do cliente',
  document: 'Digite o CPF do cliente',
  invalidDocument: 'Documento Invalido, verifique novamente.',
  fullname: 'Digite o nome do cliente',
  gender: 'Escolha o Sexo do cliente',
  zipcode: 'Digite o CEP',
  address: 'Digite o Endereco',
  neighborhood: 'Digite o Bairro',
  state: 'Escolha o estado',
  city: 'Escolha a cidade',
  duplicate: 'Atencao: Este cliente ja possui cadastro, redirecionando para edicao dos dados',
  created: 'Cliente incluido com sucesso',
  updated: 'Cliente atualizado com sucesso',
  passwordsDiffer: 'As senhas não conferem, verifique e tente novamente !',
  wrongPassword: 'Senha incorreta. Verifique e tente novamente.',
  portalCreated: 'Seu cadastro foi realizado com sucesso !',
  portalUpdated: 'Seu cadastro foi atualizado com sucesso !',
  portalDuplicate: 'Encontrei um cadastro para o CPF informado. Deseja realizar o acesso?',
  associated: 'Cupom associado ao cliente com sucesso !',
} as const;

/** Format messages of the customer fields, shared by the API schema and the staff wizard's steps. */
export const CUSTOMER_FIELD_MESSAGES = {
  phone: 'Telefone inválido: informe DDD e número.',
  email: 'E-mail inválido.',
  birth: 'Data de nascimento inválida.',
  password: 'A senha deve ter de 6 a 72 caracteres.',
  zipcodeLength: 'CEP inválido: informe 8 dígitos.',
  income: 'Renda inválida.',
  limit: 'Limite inválido: use um percentual de 0 a 100.',
  /** The wizard's only: the API keeps `time` as free text. */
  time: 'Informe o tempo em números.',
  contactName: 'Digite o nome do contato.',
  contactType: 'Escolha o tipo do contato.',
} as const;
