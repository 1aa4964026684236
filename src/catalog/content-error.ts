/** Content problems an editor can act on: the file, the field, the bad value and what is allowed. */

/** One problem found in one content file. */
export interface ContentIssue {
  /** Path of the file from the project root, such as `content/projects/docs-hub.yaml`. */
  file: string;
  /** Dotted path of the field, such as `stacks[2]`, or `(file)` for whole-file problems. */
  field: string;
  /** The offending value, as the editor wrote it. */
  value: unknown;
  /** What is wrong, in plain words. */
  problem: string;
  /** The values that would be accepted, when they can be listed. */
  allowed?: readonly string[];
}

const MAX_ALLOWED_SHOWN = 40;

/** Renders a value the way an editor wrote it, kept short. */
function showValue(value: unknown): string {
  if (value === undefined) return '(missing)';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/** One line per issue: `file: field "x" has value "y": problem. Allowed values: a, b, c.` */
export function formatIssue(issue: ContentIssue): string {
  const allowed =
    issue.allowed && issue.allowed.length > 0
      ? ` Allowed values: ${issue.allowed.slice(0, MAX_ALLOWED_SHOWN).join(', ')}${issue.allowed.length > MAX_ALLOWED_SHOWN ? ', ...' : ''}.`
      : '';
  return `${issue.file}: field "${issue.field}" has value ${showValue(issue.value)}: ${issue.problem}.${allowed}`;
}

/** Thrown when content fails validation; the message lists every issue, one per line. */
export class ContentValidationError extends Error {
  readonly issues: readonly ContentIssue[];

  constructor(issues: readonly ContentIssue[]) {
    super(
      `Content validation failed with ${issues.length} problem${issues.length === 1 ? '' : 's'}:\n` +
        issues.map((issue) => `  - ${formatIssue(issue)}`).join('\n'),
    );
    this.name = 'ContentValidationError';
    this.issues = issues;
  }
}
