/**
 * The commit convention, in one place for the commit-msg hook and the lint step: a subject of at
 * most 72 characters, then a blank line, then the body with the figures. `git log --oneline` then
 * stays readable.
 */

export const MAX_SUBJECT = 72;

/**
 * The first commit whose successors are held to the convention: the history before it keeps its
 * long subjects. Move it only forward.
 */
export const CONVENTION_SINCE = '0681acc';

/** What is wrong with a commit message, or an empty list. `#` lines are git's comments, not the message. */
export function commitMessageProblems(message: string): string[] {
  const lines = message
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .map((line) => line.trimEnd());
  while (lines.length > 0 && lines[0] === '') lines.shift();
  const [subject = '', second] = lines;
  const problems: string[] = [];
  if (subject === '') problems.push('the subject is empty');
  // Characters as a reader counts them (µ, →, é are one each), not UTF-8 bytes.
  const length = [...subject].length;
  if (length > MAX_SUBJECT) problems.push(`the subject has ${length} characters, over ${MAX_SUBJECT}: move the figures to the body`);
  if (second !== undefined && second !== '')
    problems.push('the second line is not blank: leave one blank line between the subject and the body');
  return problems;
}
