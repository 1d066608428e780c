import { describe, expect, it } from 'vitest';
import { ApiError } from './client';
import { rejectedFlowErrors } from './customer-service';

describe('flow save rejected by the server', () => {
  it('reads the problems of a 400 (flow_errors), each naming its node', () => {
    const error = new ApiError(400, 'Fluxo inválido.', {
      message: 'Fluxo inválido.',
      flow_errors: [
        { node: 'n1', message: 'O nó "Oi" (Mensagem simples) precisa do campo mensagem.' },
        { bad: 1 },
      ],
    });
    expect(rejectedFlowErrors(error)).toEqual([
      { node: 'n1', message: 'O nó "Oi" (Mensagem simples) precisa do campo mensagem.' },
    ]);
  });

  it('has none for other failures', () => {
    expect(rejectedFlowErrors(new ApiError(500, 'Erro 500', {}))).toEqual([]);
    expect(rejectedFlowErrors(new ApiError(400, 'x', 'texto'))).toEqual([]);
    expect(rejectedFlowErrors(new Error('rede'))).toEqual([]);
  });
});
