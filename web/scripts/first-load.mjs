/**
 * First-load JavaScript of the built console (web/dist), gzip-compressed as a browser receives
 * it: the entry chunk and every chunk it imports statically, plus the lazy page a route opens
 * first with that page's own static imports, plus the texts of one language (the largest: the
 * console downloads the language it shows). Lazy pages opened later are not counted.
 * Usage: npm run build -w web && npm run size -w web
 */
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BUDGET_KB = 250;
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const assets = path.join(dist, 'assets');

/** Chunks a chunk imports before it runs (`import ... from "./x.js"`, not `import("./x.js")`). */
function staticImports(file) {
  const code = readFileSync(path.join(assets, file), 'utf8');
  const found = new Set();
  for (const match of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w$*{},\s]+from\s*)?["']\.\/([^"']+\.js)["']/g)) found.add(match[1]);
  return [...found];
}

function closure(roots) {
  const seen = new Set();
  const stack = [...roots];
  while (stack.length) {
    const file = stack.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...staticImports(file));
  }
  return seen;
}

/** Each language's text chunks, as the entry imports them on demand (`import("./pt-<hash>.js")`). */
function languageChunks(files) {
  const byLanguage = {};
  for (const file of files) {
    const code = readFileSync(path.join(assets, file), 'utf8');
    for (const match of code.matchAll(/import\([`"']\.\/((pt|en|es)-[\w-]+\.js)[`"']\)/g)) (byLanguage[match[2]] ??= []).push(match[1]);
  }
  if (Object.keys(byLanguage).length !== 3) throw new Error('the texts of pt, en and es were not found as chunks of their own: was the console built?');
  return Object.values(byLanguage);
}

function gzipKb(files) {
  let bytes = 0;
  for (const file of files) bytes += gzipSync(readFileSync(path.join(assets, file)), { level: 9 }).length;
  return bytes / 1024;
}

/** Gzip KB of the first load of /login and of /tickets (after sign-in), against the budget. */
export function measureFirstLoad() {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((match) => match[1]);
  const chunks = readdirSync(assets);
  const page = (name) => chunks.filter((file) => file.startsWith(`${name}-`));
  const routes = {
    '/login': [...page('LoginPage'), ...page('PublicLayout')],
    '/tickets': [...page('Shell'), ...page('TicketsPage')],
  };
  const firstLoad = {};
  for (const [route, lazy] of Object.entries(routes)) {
    if (lazy.length === 0) throw new Error(`no lazy chunk found for ${route}: was the console built?`);
    const code = closure([...entry, ...lazy]);
    const texts = Math.max(...languageChunks(code).map((language) => gzipKb([...closure(language)].filter((file) => !code.has(file)))));
    firstLoad[route] = Number((gzipKb(code) + texts).toFixed(1));
  }
  return { budgetKb: BUDGET_KB, firstLoad };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(JSON.stringify(measureFirstLoad(), null, 2));
