/** Draws one table row: the resource, its result, status, time, size and each check with its reason. */
import { rowFailed, type Check, type Row, type RowText } from './types.ts';

/** An element with a class and text. */
function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A pass/fail/pending mark: an icon for the eye and a word for everyone (colour is never the only signal). */
function mark(state: 'pass' | 'fail' | 'pending', text: RowText): HTMLSpanElement {
  const wrapper = element('span', `wb-mark wb-mark--${state}`);
  const icon = element('span', 'wb-mark__icon', state === 'pass' ? '✓' : state === 'fail' ? '✗' : '…');
  icon.setAttribute('aria-hidden', 'true');
  wrapper.append(icon, element('span', 'wb-mark__word', text.words.marks[state]));
  return wrapper;
}

/** A check's name or reason: English, marked so when the page is in another language. */
function checkText(className: string, value: string, text: RowText): HTMLSpanElement {
  const span = element('span', className, value);
  if (text.checksLang) span.lang = text.checksLang;
  return span;
}

/** One check as a list item: mark, name, reason. */
function checkItem(check: Check, text: RowText): HTMLLIElement {
  const item = element('li', `wb-check wb-check--${check.ok ? 'pass' : 'fail'}`);
  item.append(
    mark(check.ok ? 'pass' : 'fail', text),
    ' ',
    checkText('wb-check__name', `${check.name}:`, text),
    ' ',
    checkText('wb-check__reason', check.reason, text),
  );
  return item;
}

/** A numeric cell, empty until the response arrives. */
function numberCell(value: number | undefined, text: RowText): HTMLTableCellElement {
  return element('td', 'wb-num', value === undefined ? '' : text.numbers.format(value));
}

/** The row's state: pending until its checks ran, then fail if any check failed. */
export function rowState(row: Row): 'pass' | 'fail' | 'pending' {
  if (rowFailed(row)) return 'fail';
  return row.done ? 'pass' : 'pending';
}

/** Builds the `<tr>` of a row, in the words of `text`. */
export function renderRow(row: Row, text: RowText): HTMLTableRowElement {
  const state = rowState(row);
  const tr = element('tr', `wb-row wb-row--${state}`);
  tr.dataset['state'] = state;
  tr.dataset['path'] = row.resource.path;

  const resource = element('th', 'wb-resource');
  resource.scope = 'row';
  const href = row.url ?? row.resource.path;
  // A template path such as /api/projects/{slug} is not a URL yet: show it as text until its slug is known.
  const label = href.includes('{') ? element('span', 'wb-url', href) : Object.assign(element('a', 'wb-url', href), { href });
  resource.append(label, element('span', 'wb-kind', text.words.kinds[row.resource.kind]));

  const result = element('td', 'wb-result');
  result.append(mark(state, text));

  const checks = element('td', 'wb-checks-cell');
  if (row.checks.length > 0) {
    const list = element('ul', 'wb-checks');
    list.append(...row.checks.map((check) => checkItem(check, text)));
    checks.append(list);
  }

  const { fetched } = row;
  tr.append(
    resource,
    result,
    element('td', 'wb-num', fetched ? String(fetched.status || '—') : ''),
    numberCell(fetched && Math.round(fetched.ms), text),
    numberCell(fetched?.bytes, text),
    checks,
  );
  return tr;
}
