/** How the Markdown documents write a bare URL, absolute or a site path. */

/**
 * A URL as a Markdown link: an autolink (`<https://…>`) when absolute; a site path, which CommonMark
 * autolinks do not take, as a link whose text is the path (`[/about/](/about/)`).
 */
export function markdownUrl(url: string): string {
  return URL.canParse(url) ? `<${url}>` : `[${url}](${url})`;
}
