import { DataSource, QueryRunner } from 'typeorm';

/**
 * The product search index behind `wms.Product/index?quickSearch=` (name, product number, bar code), kept by
 * triggers in the statement that writes the product row — so every writer (the CRUD, imports, the bench's
 * bulk INSERTs, a test's raw SQL) keeps it, in the writer's transaction.
 *
 * - SQLite: an FTS5 table `product_search` with the trigram tokenizer (rowid = product id).
 * - MySQL/MariaDB: MariaDB has no n-gram FULLTEXT parser, so the column `product.search_grams` holds the
 *   row's 2- and 3-character grams as words — each the hex of the gram's collation weight
 *   (`WEIGHT_STRING(… COLLATE utf8mb4_unicode_ci)`: what `LIKE` compares, so "A" and "a", "É" and "e" give
 *   the same word) behind a `b` or `t` prefix — under a FULLTEXT index.
 *
 * The index only narrows the rows: the list still applies the LIKE conditions it always did, so the answer
 * is the same rows as before (product-search.ts in master-data builds the query).
 */

/** The collation whose weights make the grams; the product columns use it (ensure-database creates it). */
export const SEARCH_COLLATION = 'utf8mb4_unicode_ci';

const isMysql = (runner: QueryRunner | DataSource) => ('connection' in runner ? runner.connection : runner).options.type === 'mysql';

/** The trigger body that sets NEW.search_grams from NEW.name, NEW.product_no and NEW.bar_code. */
function gramsBody(): string {
  return `BEGIN
    DECLARE s TEXT CHARACTER SET utf8mb4 COLLATE ${SEARCH_COLLATION} DEFAULT CONCAT_WS(' ', NEW.name, NEW.product_no, NEW.bar_code);
    DECLARE n INT DEFAULT CHAR_LENGTH(s);
    DECLARE i INT DEFAULT 1;
    DECLARE g MEDIUMTEXT CHARACTER SET ascii DEFAULT '';
    WHILE i < n DO
      SET g = CONCAT(g, ' b', HEX(WEIGHT_STRING(SUBSTRING(s, i, 2))));
      IF i + 1 < n THEN SET g = CONCAT(g, ' t', HEX(WEIGHT_STRING(SUBSTRING(s, i, 3)))); END IF;
      SET i = i + 1;
    END WHILE;
    SET NEW.search_grams = g;
  END`;
}

const MYSQL_TRIGGERS = ['product_search_grams_insert', 'product_search_grams_update'];
const SQLITE_TRIGGERS = ['product_search_insert', 'product_search_update', 'product_search_delete'];

async function createMysqlTriggers(runner: QueryRunner): Promise<void> {
  await runner.query(`CREATE TRIGGER product_search_grams_insert BEFORE INSERT ON product FOR EACH ROW ${gramsBody()}`);
  // only when a searched column changes (stock totals update the row on every audit), or to fill a NULL
  await runner.query(
    `CREATE TRIGGER product_search_grams_update BEFORE UPDATE ON product FOR EACH ROW
     IF NEW.search_grams IS NULL OR NOT (BINARY NEW.name <=> BINARY OLD.name AND BINARY NEW.product_no <=> BINARY OLD.product_no AND BINARY NEW.bar_code <=> BINARY OLD.bar_code) THEN
       ${gramsBody()};
     END IF`,
  );
}

async function createSqliteTriggers(runner: QueryRunner, ifMissing = false): Promise<void> {
  const create = `CREATE TRIGGER${ifMissing ? ' IF NOT EXISTS' : ''}`;
  await runner.query(`${create} product_search_insert AFTER INSERT ON product BEGIN INSERT INTO product_search (rowid, name, product_no, bar_code) VALUES (new.id, new.name, new.product_no, new.bar_code); END`);
  await runner.query(
    `${create} product_search_update AFTER UPDATE OF id, name, product_no, bar_code ON product BEGIN DELETE FROM product_search WHERE rowid = old.id; INSERT INTO product_search (rowid, name, product_no, bar_code) VALUES (new.id, new.name, new.product_no, new.bar_code); END`,
  );
  await runner.query(`${create} product_search_delete AFTER DELETE ON product BEGIN DELETE FROM product_search WHERE rowid = old.id; END`);
}

/** Creates the index and fills it from the products there are. */
export async function createProductSearch(runner: QueryRunner): Promise<void> {
  if (isMysql(runner)) {
    await runner.query('ALTER TABLE product ADD COLUMN search_grams MEDIUMTEXT CHARACTER SET ascii NULL');
    await createMysqlTriggers(runner);
    await runner.query('UPDATE product SET search_grams = NULL'); // the update trigger fills it
    await runner.query('ALTER TABLE product ADD FULLTEXT INDEX ft_product_search_grams (search_grams)');
    return;
  }
  await runner.query(`CREATE VIRTUAL TABLE product_search USING fts5(name, product_no, bar_code, tokenize = 'trigram')`);
  await runner.query('INSERT INTO product_search (rowid, name, product_no, bar_code) SELECT id, name, product_no, bar_code FROM product');
  await createSqliteTriggers(runner);
}

export async function dropProductSearch(runner: QueryRunner): Promise<void> {
  if (isMysql(runner)) {
    for (const name of MYSQL_TRIGGERS) await runner.query(`DROP TRIGGER IF EXISTS ${name}`);
    await runner.query('ALTER TABLE product DROP INDEX ft_product_search_grams');
    await runner.query('ALTER TABLE product DROP COLUMN search_grams');
    return;
  }
  for (const name of SQLITE_TRIGGERS) await runner.query(`DROP TRIGGER IF EXISTS ${name}`);
  await runner.query('DROP TABLE IF EXISTS product_search');
}

/**
 * At start-up, SQLite only: a later migration that alters `product` through TypeORM's schema builder
 * rebuilds the table on SQLite (copy, drop, rename), which drops its triggers. Put them back and, when they
 * were missing, refill the index from the products.
 */
export async function repairProductSearch(dataSource: DataSource): Promise<boolean> {
  if (isMysql(dataSource)) return false;
  const found: Array<{ name: string }> = await dataSource.query(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND name IN (${SQLITE_TRIGGERS.map(() => '?').join(',')})`, SQLITE_TRIGGERS);
  if (found.length === SQLITE_TRIGGERS.length) return false;
  const runner = dataSource.createQueryRunner();
  try {
    await runner.startTransaction();
    await runner.query('DELETE FROM product_search');
    await runner.query('INSERT INTO product_search (rowid, name, product_no, bar_code) SELECT id, name, product_no, bar_code FROM product');
    await createSqliteTriggers(runner, true);
    await runner.commitTransaction();
  } catch (error) {
    await runner.rollbackTransaction();
    throw error;
  } finally {
    await runner.release();
  }
  return true;
}
