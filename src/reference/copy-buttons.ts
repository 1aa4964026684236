/** Copy buttons of the API reference: shown only where scripts run, each copies its element's text. */

/** Reveals every `button[data-copy]` and wires it to copy the text of the element it names. */
export function enableCopyButtons(root: ParentNode): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-copy]')) {
    const source = document.getElementById(button.dataset['copy'] ?? '');
    if (!source || !navigator.clipboard) continue;
    button.hidden = false;
    button.addEventListener('click', () => {
      navigator.clipboard.writeText(source.textContent ?? '').then(
        () => (button.textContent = 'Copied'),
        () => (button.textContent = 'Copy failed'),
      );
      setTimeout(() => (button.textContent = 'Copy'), 2000);
    });
  }
}
