import { wordIndex } from '../lib/ddb/word-index';

/**
 * The rules of the product word index (`ProductWordEntity`, lib/ddb/word-index.ts): which words of
 * a description are indexed, what a change of description writes and removes, which query words
 * are looked up and how the candidates are ranked.
 */

/**
 * Words indexed per product. A description has at most 200 characters, so this only cuts
 * pathological ones ('A B C D …'), and keeps a product write (product + EAN marker + counter +
 * its words, old and new) inside DynamoDB's 100 actions per transaction.
 */
export const MAX_INDEXED_WORDS = 30;

/** Query words looked up per search (the longest ones): the other words only narrow in memory. */
export const MAX_QUERIED_WORDS = 3;

export const productWords = wordIndex({
  maxIndexedWords: MAX_INDEXED_WORDS,
  maxQueriedWords: MAX_QUERIED_WORDS,
});

/** The index items of one product (the seed and tests write them in bulk; services write them in transactions). */
export const productWordItems = productWords.items;
