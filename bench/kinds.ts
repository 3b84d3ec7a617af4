/** The kinds of query the bench asks, and what a query is: shared by the corpus generator (Node) and the engines (browser and Node). */
export type Kind = 'exact' | 'typo' | 'prefix' | 'prefixTypo' | 'extra' | 'natural' | 'content' | 'shortTypo' | 'phrase' | 'slip' | 'shortSlip' | 'tagWord' | 'none';
export const KINDS: Kind[] = ['exact', 'typo', 'prefix', 'prefixTypo', 'extra', 'natural', 'content', 'shortTypo', 'phrase', 'slip', 'shortSlip', 'tagWord', 'none'];
export const KIND_NAMES: Record<Kind, string> = {
  exact: 'exact title',
  typo: 'one typo',
  prefix: 'unique prefix',
  prefixTypo: 'typo in prefix',
  extra: 'extra word',
  natural: 'natural',
  content: 'content',
  shortTypo: 'short-word typo',
  phrase: 'remembered phrase',
  slip: 'misspelled + exact',
  shortSlip: 'short word mistyped',
  tagWord: 'tag + word',
  none: 'no match',
};

export interface Query {
  q: string;
  /** The right answers: the entry the query was made from and any entry with the same title. Empty for "no match". */
  targets: string[];
}
