/**
 * Line breaks inside words: every visible text node under the elements a locator matches is split into its
 * words (runs of Latin letters and digits, and runs of CJK characters of a name-like length ≤ 4), and a
 * word whose Range has client rectangles on more than one line is reported ("verificati|on", "张|三").
 * Text cut off by an ellipsis or scrolled out of view still counts: a word is broken only when it
 * wraps. Words longer than 24 characters (codes, hashes) may break: they could not fit otherwise.
 */
import type { Locator } from 'playwright-core';

export interface BrokenWord {
  word: string;
  text: string;
  lines: number;
}

export async function brokenWords(scope: Locator): Promise<BrokenWord[]> {
  return scope.evaluateAll((elements) => {
    // the specs compile without the DOM library
    const doc = (globalThis as any).document;
    const win = globalThis as any;
    const found: Array<{ word: string; text: string; lines: number }> = [];
    const roots = elements as any[];
    const WORD = /[A-Za-z0-9\u00C0-\u024F]+(?:['’][A-Za-z]+)?|[\u4E00-\u9FFF]{2,4}/g;
    for (const root of roots) {
      const walker = doc.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.getClientRects().length === 0) continue;
        const style = win.getComputedStyle(parent);
        if (style.visibility === 'hidden' || style.display === 'none') continue;
        const text: string = node.textContent ?? '';
        for (const match of text.matchAll(WORD)) {
          const word = match[0];
          if (word.length > 24) continue;
          // CJK runs: only the short ones a line may not split (names, greetings); a long run is a sentence
          const range = doc.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + word.length);
          const rects = Array.from(range.getClientRects() as ArrayLike<{ top: number; bottom: number; width: number }>).filter((r) => r.width > 0);
          const tops = rects.map((r) => r.top).sort((a, b) => a - b);
          const lines = tops.filter((top, i) => i === 0 || top - tops[i - 1] > 4).length;
          // a CJK run of a longer sentence may break between its characters: only whole short text nodes count
          if (/[\u4E00-\u9FFF]/.test(word) && text.trim().length > 8) continue;
          if (lines > 1) found.push({ word, text: text.trim().slice(0, 80), lines });
        }
      }
    }
    return found;
  });
}
