/**
 * The one sentence every page and twin carries near its top, telling an agent where the site's
 * index (llms.txt) and the page's Markdown twin are (AFDocs' llms-txt-directive). The layout shows
 * it to assistive technology only as text, with no link, so a keyboard never lands on it.
 */
import { LLMS_TXT_PATH } from './paths.ts';

/** The sentence for a page whose twin is at `twin` (site paths, as the page links them). */
export function agentDirective(twin: string): string {
  return `For AI agents: this page as Markdown is at ${twin}, and the index of the whole site is at ${LLMS_TXT_PATH}.`;
}

/** The same directive as the blockquote under a twin's heading, with absolute URLs. */
export function twinDirective(llmsTxtUrl: string): string {
  return `> For AI agents: the index of the whole site is at <${llmsTxtUrl}>; every page has a Markdown twin like this one.`;
}
