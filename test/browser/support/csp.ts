/**
 * Content-Security-Policy violations of a page, as the browser reports them: every `securitypolicyviolation`
 * event of every document of the context (from the first script on), and every console message about one.
 */
import type { BrowserContext, Page } from 'playwright-core';

interface ViolationWindow {
  __cspViolations?: string[];
  document: { addEventListener(type: string, listener: (event: { violatedDirective: string; blockedURI: string }) => void): void };
}

export async function watchCsp(context: BrowserContext, page: Page): Promise<() => Promise<string[]>> {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text())) messages.push(message.text());
  });
  await context.addInitScript(() => {
    const w = globalThis as unknown as ViolationWindow;
    w.__cspViolations = [];
    w.document.addEventListener('securitypolicyviolation', (event) => w.__cspViolations!.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return async () => [...messages, ...(await page.evaluate(() => (globalThis as unknown as ViolationWindow).__cspViolations ?? []))];
}
