import { QuickSearchIndex } from '../../../shared/crud';

/**
 * The product list's quickSearch (`LIKE '%keyword%'` over id, name, product number and bar code) narrowed
 * through the product search index (migrations/product-search.ts) instead of reading all products:
 *
 * - MySQL/MariaDB: `MATCH(search_grams) AGAINST('+t… +t…' IN BOOLEAN MODE)`, the words being the keyword's
 *   3-character grams (2 characters for a 2-character keyword), each spelled as the hex of its collation
 *   weight, computed by the database from the bound keyword exactly as the trigger computed the row's.
 * - SQLite: the FTS5 trigram table, `MATCH '"keyword"'` (3 characters or more).
 *
 * Every row the LIKEs match holds the keyword's grams, so the index answers a superset and the LIKEs, which
 * still run, decide: the same rows as without the index. A keyword too short for the index (1 character on
 * MySQL, 1–2 on SQLite) gets no index condition (the LIKEs scan, and the count stops at the cap). A keyword of
 * digits also matches ids (`id LIKE`), which no index holds: those read the primary key's index.
 */

/** Must be the collation of migrations/product-search.ts (the one the product columns use). */
const SEARCH_COLLATION = 'utf8mb4_unicode_ci';

/** At most this many 3-character grams are required (spread over the keyword): more only slow the match. */
const MAX_GRAMS = 6;

export const productQuickSearch: QuickSearchIndex = (keyword, { table, mysql, bind }) => {
  const length = [...keyword].length;
  const index = mysql ? mysqlGrams(keyword, length, table, bind) : sqliteTrigrams(keyword, length, table, bind);
  if (!index) return null;
  // id LIKE '%…%' can only match a keyword of digits (the LIKE conditions themselves still follow)
  if (/^\d+$/.test(keyword)) return `${index} OR ${table}.${mysql ? '`id`' : '"id"'} LIKE ${bind(`%${keyword}%`)}`;
  return index;
};

function mysqlGrams(keyword: string, length: number, table: string, bind: (value: unknown) => string): string | null {
  if (length < 2) return null;
  const value = `${bind(keyword)} COLLATE ${SEARCH_COLLATION}`;
  const gram = (position: number, size: number, prefix: string) => `'${prefix}', HEX(WEIGHT_STRING(SUBSTRING(${value}, ${position}, ${size})))`;
  const words =
    length === 2
      ? [gram(1, 2, '+b')]
      : positions(length - 2).map((position, i) => gram(position, 3, i ? ' +t' : '+t'));
  return `MATCH (${table}.\`search_grams\`) AGAINST (CONCAT(${words.join(', ')}) IN BOOLEAN MODE)`;
}

/** 1-based start positions of at most MAX_GRAMS grams out of `count`, first and last included. */
function positions(count: number): number[] {
  if (count <= MAX_GRAMS) return Array.from({ length: count }, (_, i) => i + 1);
  return [...new Set(Array.from({ length: MAX_GRAMS }, (_, i) => 1 + Math.round((i * (count - 1)) / (MAX_GRAMS - 1))))];
}

function sqliteTrigrams(keyword: string, length: number, table: string, bind: (value: unknown) => string): string | null {
  if (length < 3) return null;
  // one FTS5 string (a phrase): the trigram tokenizer matches it as a substring of a column
  return `${table}."id" IN (SELECT rowid FROM product_search WHERE product_search MATCH ${bind(`"${keyword.replace(/"/g, '""')}"`)})`;
}
