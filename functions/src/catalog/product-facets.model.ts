/**
 * The category and brand index of products (`ProductFacetEntity`): one item per (product, facet),
 * keyed `tenant` / `word#id` like the word index, where the "word" is `C<category id>.` or
 * `B<brand id>.` (the final '.' keeps C12 apart from C123 in a prefix Query). Written and removed
 * in the same transactions as the product, so "the products of category 12" is one Query of the
 * tenant's partition, paged, never a scan (the labels of category and brand campaigns read it).
 */

export type FacetKind = 'C' | 'B';

/** The index key of a category (`C`) or brand (`B`). */
export const facetWord = (kind: FacetKind, id: number): string => `${kind}${id}.`;

/** The facets a product is indexed under: its category (leaf) and its brand. */
export function productFacets(product: {
  category?: { id: number } | null | undefined;
  id_brand?: number | null | undefined;
}): string[] {
  const words: string[] = [];
  if (product.category?.id) words.push(facetWord('C', product.category.id));
  if (product.id_brand) words.push(facetWord('B', product.id_brand));
  return words;
}

/** What a change of category/brand writes: every current facet (carrying the description) and the removed ones. */
export function facetChanges(
  before: readonly string[],
  after: readonly string[],
): { put: string[]; remove: string[] } {
  return { put: [...after], remove: before.filter((w) => !after.includes(w)) };
}

/** The index items of one product (the seed writes them in bulk; the repository in transactions). */
export function productFacetItems(
  tenant: string,
  product: {
    id: number;
    description: string;
    category?: { id: number } | null | undefined;
    id_brand?: number | null | undefined;
  },
): Array<{ tenant: string; word: string; id: number; description: string }> {
  return productFacets(product).map((word) => ({
    tenant,
    word,
    id: product.id,
    description: product.description,
  }));
}

/** Transaction actions a facet change can spend at most (2 puts + 2 deletes). */
export const MAX_FACET_ACTIONS = 4;
