/**
 * jsdom lacks TextEncoder / TextDecoder, which react-router needs at import. Import this first in a spec
 * that renders routes.
 */
import { TextDecoder, TextEncoder } from 'util';

const g = globalThis as Record<string, unknown>;
if (!g.TextEncoder) g.TextEncoder = TextEncoder;
if (!g.TextDecoder) g.TextDecoder = TextDecoder;
