/*
 * A MySQL dump restores into one database, the one the restore was told: a statement of the dump that names
 * another database (`USE other`, `CREATE DATABASE other`, `INSERT INTO other.t`, a trigger on `other.t`) would
 * write outside it, and a line the mysql client reads as one of its own commands (`\! rm …`, `source`,
 * `connect`) would do what no dump of ours contains. Either refuses the whole restore before anything runs.
 * Plain TypeScript: the restore reads the statements (statementsOf) and asks this for each.
 */

/** Words after which a name is a table, view, trigger or routine: `db.name` there names the database `db`. */
const OBJECT_KEYWORDS = new Set(['INTO', 'TABLE', 'TABLES', 'FROM', 'JOIN', 'UPDATE', 'ON', 'REFERENCES', 'TRIGGER', 'VIEW', 'PROCEDURE', 'FUNCTION', 'EVENT', 'CALL', 'LIKE']);

/** Words of statements that read or write files of the database server: never in a dump. */
const FILE_ACCESS = new Set(['OUTFILE', 'DUMPFILE', 'INFILE', 'LOAD_FILE']);

/** The mysql client's own commands (in their long form, which it reads at the start of a statement). */
const CLIENT_COMMANDS = new Set(['CONNECT', 'SOURCE', 'SYSTEM', 'TEE', 'NOTEE', 'PAGER', 'NOPAGER', 'EDIT', 'EGO', 'GO', 'PRINT', 'PROMPT', 'REHASH', 'CHARSET', 'WARNINGS', 'NOWARNINGS', 'EXIT', 'QUIT', 'NOPAGER', 'CLEAR']);

type Token = { kind: 'word' | 'quoted'; text: string } | { kind: 'symbol'; text: string };

/**
 * The statement without comments and string literals, as tokens. An executable comment (`/*!40101 … *\/`,
 * MariaDB's `/*M!100100 … *\/`) counts as the statement text it carries, unless its version is one no
 * server has (mariadb-dump's `/*M!999999\- enable the sandbox mode *\/`, read by the client only).
 */
export function statementTokens(statement: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const s = statement;
  while (i < s.length) {
    const c = s[i];
    if (c === '-' && s[i + 1] === '-' && (i + 2 >= s.length || /\s/.test(s[i + 2])) || c === '#') {
      const end = s.indexOf('\n', i);
      i = end < 0 ? s.length : end + 1;
      continue;
    }
    if (c === '/' && s[i + 1] === '*') {
      const executable = /^\/\*M?!(\d{5,6})?/.exec(s.slice(i, i + 12));
      const end = s.indexOf('*/', i + 2);
      const close = end < 0 ? s.length : end;
      if (executable && !(executable[1] && Number(executable[1]) >= 900000)) {
        // the comment's text is statement text: read on inside it, its closing mark is skipped below
        i += executable[0].length;
        continue;
      }
      i = close + 2;
      continue;
    }
    if (c === '*' && s[i + 1] === '/') {
      i += 2;
      continue;
    }
    if (c === "'" || c === '"') {
      i = endOfQuoted(s, i, c);
      tokens.push({ kind: 'symbol', text: "''" });
      continue;
    }
    if (c === '`') {
      let text = '';
      let j = i + 1;
      for (; j < s.length; j++) {
        if (s[j] === '`') {
          if (s[j + 1] === '`') {
            text += '`';
            j++;
            continue;
          }
          break;
        }
        text += s[j];
      }
      tokens.push({ kind: 'quoted', text });
      i = j + 1;
      continue;
    }
    const word = /^[A-Za-z0-9_$]+/.exec(s.slice(i, i + 256));
    if (word) {
      tokens.push({ kind: 'word', text: word[0] });
      i += word[0].length;
      continue;
    }
    if (!/\s/.test(c)) tokens.push({ kind: 'symbol', text: c });
    i++;
  }
  return tokens;
}

/** Past the closing quote of a string literal starting at `start` (backslash escapes and doubled quotes). */
function endOfQuoted(s: string, start: number, quote: string): number {
  for (let j = start + 1; j < s.length; j++) {
    if (s[j] === '\\') {
      j++;
      continue;
    }
    if (s[j] === quote) {
      if (s[j + 1] === quote) {
        j++;
        continue;
      }
      return j + 1;
    }
  }
  return s.length;
}

const isName = (token: Token | undefined): token is Token => !!token && (token.kind === 'quoted' || token.kind === 'word');

/**
 * Why a statement of a dump may not run against `database`, or null when it may: it names another database,
 * or it holds a mysql client command.
 */
export function dumpStatementProblem(statement: string, database: string): string | null {
  const tokens = statementTokens(statement);
  if (!tokens.length) return null;
  const upper = (token: Token | undefined) => (token && token.kind === 'word' ? token.text.toUpperCase() : '');
  const other = (name: string) => name !== database;
  const first = upper(tokens[0]);
  const backslash = tokens.find((t) => t.kind === 'symbol' && t.text === '\\');
  if (backslash) return 'a mysql client command (a backslash command) is in the dump';
  if (CLIENT_COMMANDS.has(first)) return `a mysql client command (${first.toLowerCase()}) is in the dump`;
  if (first === 'USE') return isName(tokens[1]) && !other(tokens[1].text) ? null : `it switches to another database (USE ${tokens[1]?.text ?? ''})`;
  for (let i = 0; i < tokens.length; i++) {
    const word = upper(tokens[i]);
    if (FILE_ACCESS.has(word)) return `it reads or writes files of the database server (${word})`;
    // ON names a table after a trigger's event only (elsewhere `ON a.id = b.id` joins columns)
    if (word === 'ON' && !['INSERT', 'UPDATE', 'DELETE'].includes(upper(tokens[i - 1]))) continue;
    if ((word === 'DATABASE' || word === 'SCHEMA') && ['CREATE', 'DROP', 'ALTER'].includes(upper(tokens[i - 1]))) {
      let j = i + 1;
      while (['IF', 'NOT', 'EXISTS'].includes(upper(tokens[j]))) j++;
      const name = tokens[j];
      if (upper(tokens[i - 1]) !== 'CREATE' || !isName(name) || other(name.text)) return `it ${upper(tokens[i - 1]).toLowerCase()}s a database (${name?.text ?? ''})`;
    }
    if (OBJECT_KEYWORDS.has(word)) {
      let j = i + 1;
      while (['IF', 'NOT', 'EXISTS', 'IGNORE', 'LOW_PRIORITY', 'DELAYED', 'HIGH_PRIORITY'].includes(upper(tokens[j]))) j++;
      // a list of names (LOCK TABLES a WRITE, b WRITE; FROM a, b): each one
      for (;;) {
        const [name, dot, object] = [tokens[j], tokens[j + 1], tokens[j + 2]];
        if (isName(name) && dot?.kind === 'symbol' && dot.text === '.' && isName(object) && other(name.text)) return `it names another database (${name.text}.${object.text})`;
        let k = j;
        while (k < tokens.length && !(tokens[k].kind === 'symbol' && [',', '(', ';'].includes(tokens[k].text)) && !OBJECT_KEYWORDS.has(upper(tokens[k]))) k++;
        if (k < tokens.length && tokens[k].kind === 'symbol' && tokens[k].text === ',' && (word === 'TABLES' || word === 'FROM')) {
          j = k + 1;
          continue;
        }
        break;
      }
    }
  }
  return null;
}
