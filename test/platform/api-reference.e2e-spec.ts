import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { TestApp } from '../setup/create-test-app';
import { publicSpec } from '../support/public-spec';

/**
 * docs/API.md carries the list of every route, generated from the running app's OpenAPI description: this
 * spec fails when the list and the app differ. `WRITE_API_ROUTES=1 npx jest test/platform/api-reference`
 * writes the list anew (between the two marker lines) after a route was added, renamed or removed.
 */
const API_MD = join(__dirname, '..', '..', 'docs', 'API.md');
const BEGIN = '<!-- routes:begin (written by test/platform/api-reference.e2e-spec.ts) -->';
const END = '<!-- routes:end -->';

type Paths = Record<string, Record<string, unknown>>;

/** One line per controller: its path, then each action with its methods (`any`: every method, `@All`). */
export function routeList(paths: Paths): string {
  const byController = new Map<string, Map<string, Set<string>>>();
  for (const [path, operations] of Object.entries(paths)) {
    const cut = path.lastIndexOf('/');
    const controller = cut > 0 ? path.slice(0, cut) : path;
    const action = cut > 0 ? path.slice(cut + 1) : '';
    const actions = byController.get(controller) ?? new Map<string, Set<string>>();
    const methods = actions.get(action) ?? new Set<string>();
    Object.keys(operations).forEach((m) => methods.add(m.toUpperCase()));
    actions.set(action, methods);
    byController.set(controller, actions);
  }
  const rows = [...byController.entries()]
    .sort(([a], [b]) => a.toLowerCase().localeCompare(b.toLowerCase()))
    .map(([controller, actions]) => {
      const list = [...actions.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([action, methods]) => `${action || '/'} (${methods.size >= 6 ? 'any' : [...methods].sort().join(', ')})`)
        .join(' · ');
      return `| \`${controller}\` | ${list} |`;
    });
  return ['| controller | actions (methods) |', '|---|---|', ...rows].join('\n');
}

describe('docs/API.md', () => {
  let t: TestApp;
  publicSpec({ reset: 'never', ready: (fixture) => ({ t } = fixture) });

  it('lists exactly the routes the app serves', async () => {
    const res = await request(t.app.getHttpServer()).get('/api-docs-json');
    const paths = res.body.paths as Paths;
    expect(Object.keys(paths).length).toBeGreaterThan(100);
    const expected = routeList(paths);
    const text = readFileSync(API_MD, 'utf8');
    const start = text.indexOf(BEGIN);
    const end = text.indexOf(END);
    expect(start).toBeGreaterThan(0);
    expect(end).toBeGreaterThan(start);
    if (process.env.WRITE_API_ROUTES === '1') {
      writeFileSync(API_MD, `${text.slice(0, start + BEGIN.length)}\n${expected}\n${text.slice(end)}`);
      return;
    }
    expect(text.slice(start + BEGIN.length, end).trim()).toBe(expected);
  });
});
