/**
 * What `npm run dev` shows while the content is invalid (content-check.ts): the overlay's error,
 * the error page a load gets, and the API's 503 detail. Each names every file and field with the
 * editors' report (content-error.ts).
 */
import { formatIssue, formatIssues, type ContentIssue } from '../catalog/content-error.ts';
import { apiUrl } from '../routes/urls.ts';

/** How often the error page asks whether the content is valid again. */
const POLL_MS = 300;

const HINT = 'Fix the file and save: this page reloads by itself once the content is valid.';

/** Text for HTML: the report quotes the editors' values, which may hold markup. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The overlay's error, as text: sent through Vite's client channel, Astro turns its message and
 * hint into the HTML its overlay shows (escaping them).
 */
export function overlayError(issues: readonly ContentIssue[]) {
  return {
    name: 'ContentValidationError',
    title: 'The content is invalid',
    message: formatIssues(issues),
    hint: HINT,
    stack: '',
    plugin: 'content-check',
  };
}

/**
 * The overlay's error as Astro's overlay takes it straight (it sets message and hint as HTML):
 * for a page given the error without passing through Astro's channel, which escapes them itself.
 */
export function escapedOverlayError(issues: readonly ContentIssue[]) {
  const error = overlayError(issues);
  return { ...error, message: escapeHtml(error.message), hint: escapeHtml(error.hint) };
}

/**
 * The page any load gets while the content is invalid: the report as text, and Astro's overlay
 * from the Vite client. It asks /api/health until the content is valid again, then reloads: a
 * reload message sent while it was still loading would be lost.
 */
export function contentErrorPage(issues: readonly ContentIssue[]): string {
  const overlay = JSON.stringify(escapedOverlayError(issues)).replaceAll('<', '\\u003c');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>The content is invalid</title>
<script type="module">
import { ErrorOverlay } from '/@vite/client';
document.body.appendChild(new ErrorOverlay(${overlay}));
const poll = () => fetch(${JSON.stringify(apiUrl('getHealth'))}, { cache: 'no-store' })
  .then((response) => (response.ok ? location.reload() : setTimeout(poll, ${POLL_MS})), () => setTimeout(poll, ${POLL_MS}));
setTimeout(poll, ${POLL_MS});
</script>
</head>
<body>
<main id="content-error">
<h1>The content is invalid</h1>
<pre>${escapeHtml(formatIssues(issues))}</pre>
<p>${HINT}</p>
</main>
</body>
</html>
`;
}

/** The 503's detail: every issue on one line each, so the API names the files and fields too. */
export function unavailableDetail(issues: readonly ContentIssue[]): string {
  return `The content is invalid, so the API does not answer from it. ${issues.map(formatIssue).join(' | ')} Fix the file and save.`;
}
