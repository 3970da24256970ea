#!/usr/bin/env node
/**
 * A webhook receiver for the warehouse's events, in plain Node (no packages): it checks each delivery's
 * signature and timestamp, drops repeats by event id (deliveries are at least once), and checks the ledger
 * chain hash of every `stock.changed` event — the hash recomputed from the event's content and the hash
 * before it in its stream, and that hash the one it last saw for that stream. docs/INTEGRATION.md explains it.
 *
 *   WEBHOOK_SECRET=whsec_… PORT=8787 node docs/examples/webhook-receiver.mjs
 *
 * It prints one JSON line per delivery it accepted or refused, and answers 2xx only for what it accepted
 * (anything else is delivered again later).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const SECRET = process.env.WEBHOOK_SECRET ?? '';
const PORT = Number(process.env.PORT ?? 8787);
/** Deliveries signed longer ago than this are refused (a replayed request). */
const TOLERANCE_SECONDS = Number(process.env.TOLERANCE_SECONDS ?? 300);
const CHAIN_FORMAT = 'wms-ledger-chain/1';

if (!SECRET) {
  console.error('WEBHOOK_SECRET is required (the secret shown once when the webhook was added)');
  process.exit(2);
}

/** Event ids already handled (a real receiver keeps them in its database, with the work they did). */
const seen = new Set();
/** Per ledger stream: the version and hash of the last event seen. */
const heads = new Map();

/** `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`, compared in constant time. */
function signatureValid(timestamp, body, header) {
  const expected = Buffer.from(`sha256=${createHmac('sha256', SECRET).update(`${timestamp}.${body}`).digest('hex')}`);
  const given = Buffer.from(String(header ?? ''));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The ledger's canonical content of an event: its columns in name order, each `<name>:<length>:<value>;`
 * (length in UTF-16 code units, as JavaScript counts a string), empty values left out.
 */
function canonicalContent(row) {
  let text = '';
  for (const key of Object.keys(row).filter((k) => k !== 'id' && k !== 'hash').sort()) {
    const value = row[key];
    if (value === null || value === undefined || value === '') continue;
    const string = String(value);
    text += `${key}:${string.length}:${string};`;
  }
  return text;
}

function chainHash(previousHash, content) {
  return createHash('sha256').update(`${CHAIN_FORMAT}\n${previousHash}\n${canonicalContent(content)}`).digest('hex');
}

/** 'ok', 'linked' (ok and joined to the last event seen of its stream), or why it does not hold. */
function checkChain(event) {
  const [ref] = event.ledger;
  const { content, previous_hash: previous } = event.data.chain;
  if (!ref || content.stream_id !== ref.stream || Number(content.stream_version) !== ref.version) return 'the ledger reference does not name this event';
  if (chainHash(previous, content) !== ref.hash) return 'the hash does not match the content';
  const head = heads.get(ref.stream);
  const linked = head && head.version === ref.version - 1;
  if (linked && head.hash !== previous) return 'the previous hash is not the one this stream had';
  if (!head || head.version < ref.version) heads.set(ref.stream, { version: ref.version, hash: ref.hash });
  return linked ? 'linked' : 'ok';
}

function handle(headers, body) {
  const timestamp = Number(headers['x-wms-timestamp']);
  if (!signatureValid(headers['x-wms-timestamp'], body, headers['x-wms-signature'])) return { status: 401, verdict: 'bad signature' };
  if (!Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > TOLERANCE_SECONDS) return { status: 401, verdict: 'stale timestamp' };
  const event = JSON.parse(body);
  if (event.id !== headers['x-wms-event-id']) return { status: 400, verdict: 'event id header does not match the body' };
  if (seen.has(event.id)) return { status: 200, verdict: 'duplicate', event };
  const chain = event.type === 'stock.changed' ? checkChain(event) : 'n/a';
  if (!['ok', 'linked', 'n/a'].includes(chain)) return { status: 422, verdict: chain, event };
  seen.add(event.id);
  return { status: 200, verdict: 'accepted', chain, event };
}

createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    let outcome;
    try {
      outcome = request.method === 'POST' ? handle(request.headers, Buffer.concat(chunks).toString('utf8')) : { status: 405, verdict: 'POST only' };
    } catch (error) {
      outcome = { status: 400, verdict: `unreadable: ${error.message}` };
    }
    const { event } = outcome;
    console.log(JSON.stringify({ verdict: outcome.verdict, status: outcome.status, id: event?.id, type: event?.type, chain: outcome.chain, ledger: event?.ledger?.length ?? 0 }));
    response.writeHead(outcome.status, { 'content-type': 'text/plain' }).end(outcome.verdict);
  });
}).listen(PORT, '127.0.0.1', () => console.log(JSON.stringify({ listening: PORT })));
