/**
 * Copy buttons of the API reference: shown only where scripts run, each copies its element's text.
 * A button's words are the page's: its own text, then `data-copied` or `data-copy-failed` for two seconds.
 */

/** Reveals every `button[data-copy]` and wires it to copy the text of the element it names. */
export function enableCopyButtons(root: ParentNode): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-copy]')) {
    const source = document.getElementById(button.dataset['copy'] ?? '');
    if (!source || !navigator.clipboard) continue;
    const label = button.textContent;
    button.hidden = false;
    button.addEventListener('click', () => {
      navigator.clipboard.writeText(source.textContent ?? '').then(
        () => (button.textContent = button.dataset['copied'] ?? label),
        () => (button.textContent = button.dataset['copyFailed'] ?? label),
      );
      setTimeout(() => (button.textContent = label), 2000);
    });
  }
}
