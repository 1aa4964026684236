/** The commit-msg hook's check (.githooks/commit-msg): exits 1, saying why, when the message breaks the convention. */
import { readFileSync } from 'node:fs';
import { commitMessageProblems, MAX_SUBJECT } from './lib/commit-subject.ts';

const file = process.argv[2];
if (!file) {
  console.error('usage: node scripts/commit-msg.ts <commit message file>');
  process.exit(2);
}
const problems = commitMessageProblems(readFileSync(file, 'utf8'));
if (problems.length > 0) {
  console.error(`commit-msg: refused (subject at most ${MAX_SUBJECT} characters, a blank line, then the body):`);
  for (const problem of problems) console.error(`  - ${problem}`);
  console.error('Your message is kept in .git/COMMIT_EDITMSG; see CONTRIBUTING.md#commits.');
  process.exit(1);
}
