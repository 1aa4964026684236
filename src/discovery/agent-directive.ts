/**
 * The one sentence every page and twin carries near its top, telling an agent where the site's
 * index (llms.txt) and the page's Markdown twin are (AFDocs' llms-txt-directive). The layout shows
 * it to assistive technology only as text, with no link, so a keyboard never lands on it. A page or
 * twin in another language says it in that language.
 */
import { DEFAULT_LOCALE, type Locale } from '../schemas/common.ts';
import { markdownUrl } from './markdown-link.ts';
import { LLMS_TXT_PATH } from './paths.ts';

/** The directive's words in each language: for a page (its twin and llms.txt as site paths) and for a twin (llms.txt as a Markdown link). */
const DIRECTIVES: Record<Locale, { page: (twin: string, index: string) => string; twin: (index: string) => string }> = {
  'en-US': {
    page: (twin, index) => `For AI agents: this page as Markdown is at ${twin}, and the index of the whole site is at ${index}.`,
    twin: (index) => `> For AI agents: the index of the whole site is at ${index}; every page has a Markdown twin like this one.`,
  },
  'pt-BR': {
    page: (twin, index) => `Para agentes de IA: esta página em Markdown está em ${twin}, e o índice do site inteiro está em ${index}.`,
    twin: (index) => `> Para agentes de IA: o índice do site inteiro está em ${index}; toda página tem um gêmeo em Markdown como este.`,
  },
};

/** The sentence for a page whose twin is at `twin` (site paths, as the page links them). */
export function agentDirective(twin: string, locale: Locale = DEFAULT_LOCALE): string {
  return DIRECTIVES[locale].page(twin, LLMS_TXT_PATH);
}

/** The same directive as the blockquote under a twin's heading, with llms.txt at the twin's base (absolute, or a site path). */
export function twinDirective(llmsTxtUrl: string, locale: Locale = DEFAULT_LOCALE): string {
  return DIRECTIVES[locale].twin(markdownUrl(llmsTxtUrl));
}
