/**
 * The search page's script: reads ?q= and ?section=, loads Pagefind (/pagefind/pagefind.js) on the
 * first query only, so the page's first load stays small, and renders ranked results as the visitor
 * types: title, section and an excerpt with the matched words marked. The result count goes to a
 * polite live region. Results replace each other in a list below the form, so nothing above moves.
 * Its messages come from the page, in the page's language (the `search` area of the dictionary).
 */
import type { SearchClientText } from '../site/i18n/en-US/search.ts';

interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: { title?: string; section?: string };
}
interface PagefindSearch {
  results: { id: string; data: () => Promise<PagefindResultData> }[];
}
interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  search(term: string, options?: { filters?: Record<string, string> }): Promise<PagefindSearch | null>;
}

/** Results shown at first and per "Show more". */
const PAGE_SIZE = 10;
/** Wait for a pause in typing before searching. */
const TYPING_PAUSE_MS = 120;

/** The elements the page renders (src/pages/[...lang]/search/index.astro). */
interface SearchElements {
  form: HTMLFormElement;
  query: HTMLInputElement;
  section: HTMLSelectElement;
  status: HTMLElement;
  results: HTMLOListElement;
  /** Rendered for browsers without JavaScript; hidden here. */
  noScriptMessage: HTMLElement;
}

let pagefindPromise: Promise<Pagefind> | undefined;
/** Pagefind, imported and initialised once, on the first query. */
function loadPagefind(bundleUrl: string): Promise<Pagefind> {
  pagefindPromise ??= (async () => {
    const pagefind = (await import(/* @vite-ignore */ bundleUrl)) as Pagefind;
    await pagefind.options({ excerptLength: 24 });
    await pagefind.init();
    return pagefind;
  })();
  return pagefindPromise;
}

/** Appends Pagefind's excerpt (text with <mark> around matches) as text nodes and <mark> elements. */
function appendExcerpt(target: HTMLElement, excerpt: string): void {
  const decoder = document.createElement('textarea');
  const text = (html: string) => {
    decoder.innerHTML = html;
    return decoder.value;
  };
  excerpt.split(/(<mark>.*?<\/mark>)/).forEach((part) => {
    const marked = /^<mark>(.*)<\/mark>$/.exec(part);
    if (marked) {
      const mark = document.createElement('mark');
      mark.textContent = text(marked[1] ?? '');
      target.append(mark);
    } else if (part) target.append(text(part));
  });
}

/** One result as a list item: a link to the page, its section, the excerpt. */
function resultItem(data: PagefindResultData): HTMLLIElement {
  const item = document.createElement('li');
  item.className = 'search-result';
  const link = document.createElement('a');
  link.className = 'search-result__title';
  link.href = data.url;
  link.textContent = data.meta.title ?? data.url;
  const heading = document.createElement('h2');
  heading.append(link);
  item.append(heading);
  if (data.meta.section) {
    const section = document.createElement('p');
    section.className = 'search-result__section';
    section.textContent = data.meta.section;
    item.append(section);
  }
  const excerpt = document.createElement('p');
  excerpt.className = 'search-result__excerpt';
  appendExcerpt(excerpt, data.excerpt);
  item.append(excerpt);
  return item;
}

/** A message template with its {name} placeholders filled in one pass (a term's own braces stay). */
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (placeholder, name: string) => values[name] ?? placeholder);

/** Wires the search page; `text` holds its messages in the page's language. */
export function startSearch(elements: SearchElements, bundleUrl: string, text: SearchClientText): void {
  const { form, query, section, status, results, noScriptMessage } = elements;
  noScriptMessage.hidden = true;
  const params = new URLSearchParams(location.search);
  query.value = params.get('q') ?? '';
  const wanted = params.get('section') ?? '';
  if ([...section.options].some((option) => option.value === wanted)) section.value = wanted;

  /**
   * "Show more" is made anew with each list: a button that stayed would move as the list above it
   * changes length, which counts as a layout shift; a new one only appears.
   */
  let more: HTMLButtonElement | undefined;
  const showMoreButton = (visible: boolean) => {
    more?.remove();
    more = undefined;
    if (!visible) return;
    more = document.createElement('button');
    more.type = 'button';
    more.className = 'button button--secondary search-more';
    more.textContent = text.showMore;
    more.addEventListener('click', () => {
      const next = results.children.length;
      void showMore(generation).then(() => (results.children[next]?.querySelector('a') as HTMLElement | null)?.focus());
    });
    results.after(more);
  };

  let generation = 0;
  let pending: PagefindSearch['results'] = [];
  let shown = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const say = (message: string) => {
    status.textContent = message;
  };

  /** Shows the next page of pending results; `fresh` replaces the list instead of extending it. */
  const showMore = async (run: number, fresh = false) => {
    const batch = pending.slice(shown, shown + PAGE_SIZE);
    const data = await Promise.all(batch.map((result) => result.data()));
    if (run !== generation) return;
    if (fresh) results.replaceChildren();
    results.append(...data.map(resultItem));
    shown += batch.length;
    showMoreButton(shown < pending.length);
  };

  /** Keeps the address in step with the form, so a search can be bookmarked or shared. */
  const remember = (term: string) => {
    const url = new URL(location.href);
    url.search = '';
    if (term) url.searchParams.set('q', term);
    if (section.value) url.searchParams.set('section', section.value);
    history.replaceState(null, '', url);
  };

  const run = async () => {
    const ticket = ++generation;
    const term = query.value.trim();
    remember(term);
    if (!term) {
      results.replaceChildren();
      pending = [];
      showMoreButton(false);
      say(text.prompt);
      return;
    }
    try {
      const pagefind = await loadPagefind(bundleUrl);
      const search = await pagefind.search(term, section.value ? { filters: { section: section.value } } : {});
      if (ticket !== generation || !search) return;
      pending = search.results;
      shown = 0;
      await showMore(ticket, true);
      if (ticket !== generation) return;
      const count = pending.length;
      const message = count === 0 ? 'noResults' : count === 1 ? 'oneResult' : 'results';
      const template = section.value ? text[`${message}InSection`] : text[message];
      say(fill(template, { term, section: section.value, count: count.toLocaleString(document.documentElement.lang) }));
    } catch (error) {
      if (ticket !== generation) return;
      say(text.unavailable);
      throw error;
    }
  };

  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void run(), TYPING_PAUSE_MS);
  };

  query.addEventListener('input', schedule);
  section.addEventListener('change', () => void run());
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(timer);
    void run();
  });
  void run();
}
