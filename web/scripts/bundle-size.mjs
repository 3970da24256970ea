#!/usr/bin/env node
/**
 * Reports the JavaScript a browser loads for a first visit of an entry page: the app entry plus the
 * page's chunk and everything they import statically, gzipped. Run after `vite build`:
 *   node web/scripts/bundle-size.mjs [page source ...]   (default: the admin login page)
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const pages = process.argv.slice(2);
const roots = ['index.html', ...(pages.length ? pages : ['src/pages/admin/login/index.tsx'])];

const seen = new Set();
const visit = (key) => {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Not in the manifest: ${key}`);
  seen.add(key);
  for (const dep of chunk.imports ?? []) visit(dep);
};
roots.forEach(visit);

let raw = 0;
let gz = 0;
const rows = [];
const css = new Set();
for (const key of seen) {
  const chunk = manifest[key];
  const buf = readFileSync(join(dist, chunk.file));
  const g = gzipSync(buf, { level: 9 }).length;
  raw += buf.length;
  gz += g;
  rows.push([chunk.file, buf.length, g]);
  (chunk.css ?? []).forEach((c) => css.add(c));
}
rows.sort((a, b) => b[2] - a[2]);
for (const [file, r, g] of rows) console.log(`${file.padEnd(48)} ${(r / 1024).toFixed(1).padStart(8)} kB  gzip ${(g / 1024).toFixed(1).padStart(7)} kB`);
let cssGz = 0;
for (const file of css) cssGz += gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
console.log(`\nFirst load of ${roots.slice(1).join(', ')}: ${rows.length} JS files, ${(raw / 1024).toFixed(1)} kB, gzip ${(gz / 1024).toFixed(1)} kB; CSS gzip ${(cssGz / 1024).toFixed(1)} kB`);
