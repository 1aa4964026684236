/** Content problems an editor can act on: the file, the field, the bad value and the fix. */
import { SHORT_LIST } from './schema-paths.ts';

/** One problem found in one content file; one mistake gives exactly one issue. */
export interface ContentIssue {
  /** Path of the file from the project root, such as `content/projects/docs-hub.yaml`. */
  file: string;
  /** Dotted path of the field, such as `stacks[2]`, or `(file)` for whole-file problems. */
  field: string;
  /** The offending value, as the editor wrote it. */
  value: unknown;
  /** What is wrong, in plain words. */
  problem: string;
  /** What to do about it, as a sentence: a "Did you mean" suggestion or an instruction. */
  fix: string;
  /** The values that would be accepted, when they can be listed. */
  allowed?: readonly string[];
  /** Where to see every accepted value, for lists too long to print. */
  seeAll?: string;
}

/** Renders a value the way an editor wrote it, kept short. */
function showValue(value: unknown): string {
  if (value === undefined) return '(missing)';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/** The accepted values: listed when there are a dozen or fewer, otherwise where to find them. */
function showAllowed(issue: ContentIssue): string {
  const allowed = issue.allowed ?? [];
  if (allowed.length === 0) return '';
  if (allowed.length <= SHORT_LIST || !issue.seeAll) return ` Allowed values: ${allowed.join(', ')}.`;
  return ` All ${allowed.length} allowed values: see ${issue.seeAll}.`;
}

/** One line per issue: `file: field "x" has value "y": problem. Fix. Allowed values: a, b, c.` */
export function formatIssue(issue: ContentIssue): string {
  return `${issue.file}: field "${issue.field}" has value ${showValue(issue.value)}: ${issue.problem}. ${issue.fix}${showAllowed(issue)}`;
}

/** The whole report: a count, then one line per issue. */
export function formatIssues(issues: readonly ContentIssue[]): string {
  return (
    `Content validation failed with ${issues.length} problem${issues.length === 1 ? '' : 's'}:\n` +
    issues.map((issue) => `  - ${formatIssue(issue)}`).join('\n')
  );
}

/** Thrown when content fails validation; the message lists every issue, one per line. */
export class ContentValidationError extends Error {
  readonly issues: readonly ContentIssue[];

  constructor(issues: readonly ContentIssue[]) {
    super(formatIssues(issues));
    this.name = 'ContentValidationError';
    this.issues = issues;
  }
}
