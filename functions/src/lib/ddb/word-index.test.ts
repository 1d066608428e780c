import { Entity } from 'electrodb';
import { describe, expect, it } from 'vitest';
import { documentClient, tableName } from './client';
import { key } from './indexes';
import {
  rankCandidates,
  wordIndex,
  wordIndexEntity,
  wordWrites,
  type WordTransactionEntity,
} from './word-index';

const words = wordIndex({ maxIndexedWords: 4, maxQueriedWords: 2 });

describe('wordIndex', () => {
  it('indexes the folded words of a description, up to the maximum', () => {
    expect(words.indexedWords('Arroz Camil tipo 1 5kg integral')).toEqual(['ARROZ', 'CAMIL', 'TIPO', '1']);
    expect(words.items('acme', 7, 'Café Pilão')).toEqual([
      { tenant: 'acme', word: 'CAFE', id: 7, description: 'Café Pilão' },
      { tenant: 'acme', word: 'PILAO', id: 7, description: 'Café Pilão' },
    ]);
  });

  it('puts every new word (they carry the new description) and removes only the words gone', () => {
    expect(words.wordChanges('Feijão preto', 'Feijão carioca')).toEqual({
      put: ['FEIJAO', 'CARIOCA'],
      remove: ['PRETO'],
    });
    expect(words.wordChanges('Feijão preto', 'Feijão preto')).toEqual({ put: [], remove: [] });
    expect(words.wordChanges(undefined, 'Sal')).toEqual({ put: ['SAL'], remove: [] });
    expect(words.wordActions('Feijão preto', undefined)).toBe(2);
  });

  it('looks up the longest query words first, at most maxQueriedWords', () => {
    expect(words.lookupWords('cafe torrado em grao')).toEqual(['TORRADO', 'CAFE']);
    expect(words.lookupWords('  ')).toEqual([]);
  });

  it('ranks exact and whole-word matches first and leaves out what misses a query word', () => {
    const candidates = [
      { id: 3, description: 'Arroz Camil Integral' },
      { id: 1, description: 'Camil' },
      { id: 2, description: 'Feijão Camilo' },
      { id: 4, description: 'Arroz Tio João' },
      { id: 1, description: 'Camil' },
    ];
    expect(rankCandidates(candidates, 'camil').map((c) => c.id)).toEqual([1, 3, 2]);
    expect(rankCandidates(candidates, 'arroz cam').map((c) => c.id)).toEqual([3]);
  });
});

describe('wordWrites', () => {
  it('turns a description change into puts and deletes of the index entity', () => {
    // Prepare: a transaction entity that records what it is asked
    const done: string[] = [];
    const t: WordTransactionEntity = {
      put: (item) => ({ commit: () => done.push(`put ${item.word} ${item.description}`) }),
      delete: (item) => ({ commit: () => done.push(`delete ${item.word}`) }),
    };
    // Act
    const actions = wordWrites(t, words, { tenant: 'acme', id: 9 }, 'Leite integral', 'Leite desnatado');
    // Assess
    expect(actions).toHaveLength(3);
    expect(done).toEqual(['put LEITE Leite desnatado', 'put DESNATADO Leite desnatado', 'delete INTEGRAL']);
    done.length = 0;
    wordWrites(t, words, { tenant: 'acme', id: 9 }, 'Leite', undefined);
    expect(done).toEqual(['delete LEITE']);
  });
});

describe('wordIndexEntity', () => {
  it('writes the items of the entities it replaces, key for key (existing indexes stay readable)', () => {
    // Prepare: the definition each domain wrote by hand before the module
    const legacy = new Entity(
      {
        model: { entity: 'tagWord', version: '1', service: 'freguesia' },
        attributes: {
          tenant: { type: 'string', required: true, readOnly: true },
          word: { type: 'string', required: true, readOnly: true },
          id: { type: 'number', required: true, readOnly: true, padding: { length: 9, char: '0' } },
          description: { type: 'string', required: true },
        },
        indexes: { byWord: key('primary', ['tenant'], ['word', 'id']) },
      },
      { client: documentClient, table: tableName() },
    );
    const item = { tenant: 'acme', word: 'VIP', id: 42, description: 'Clientes VIP' };
    // Act
    const current = wordIndexEntity('tagWord');
    // Assess
    expect(current.put(item).params()).toEqual(legacy.put(item).params());
    expect(current.query.byWord({ tenant: 'acme' }).begins({ word: 'VI' }).params()).toEqual(
      legacy.query.byWord({ tenant: 'acme' }).begins({ word: 'VI' }).params(),
    );
  });
});
