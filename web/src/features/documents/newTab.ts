/** Opens a document in a new tab (a PDF shows in the browser's viewer; its tab is titled by the document). */
export function openInNewTab(url: string): void {
  window.open(url, '_blank', 'noopener');
}
