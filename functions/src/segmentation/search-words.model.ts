import { wordIndex } from '../lib/ddb/word-index';

/**
 * The rules of the description word indexes of leads and tags (`LeadWordEntity`, `TagWordEntity`;
 * lib/ddb/word-index.ts, the catalogue's products use the same module): one index item per
 * (record, word of its description), written in the same transaction as the record. Both
 * collections are small, so a search looks up its longest word only; the others narrow in memory.
 */

/** Words indexed per description (keeps a write, old and new words, far inside 100 actions). */
export const MAX_INDEXED_WORDS = 20;

export const descriptionWords = wordIndex({ maxIndexedWords: MAX_INDEXED_WORDS, maxQueriedWords: 1 });
