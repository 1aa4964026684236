/**
 * `npm run lint:commits` (part of the lint gate): every commit after CONVENTION_SINCE that HEAD
 * holds follows the convention, merges included. A shallow clone that lacks that commit is checked
 * on HEAD alone; a copy without git history is not checked, and the script says so.
 */
import { spawnSync } from 'node:child_process';
import { commitMessageProblems, CONVENTION_SINCE } from './lib/commit-subject.ts';

function git(args: string[]): { ok: boolean; out: string } {
  const run = spawnSync('git', args, { encoding: 'utf8' });
  return { ok: run.status === 0, out: run.stdout ?? '' };
}

if (!git(['rev-parse', '--verify', '--quiet', 'HEAD']).ok) {
  console.log('lint-commits: no git history here: nothing to check.');
  process.exit(0);
}
const hasBase = git(['cat-file', '-e', `${CONVENTION_SINCE}^{commit}`]).ok;
const range = hasBase ? [`${CONVENTION_SINCE}..HEAD`] : ['-1', 'HEAD'];
if (!hasBase) console.log(`lint-commits: ${CONVENTION_SINCE} is not in this clone's history: checking HEAD only.`);

// One record per commit: hash, NUL, the raw message, then a record separator.
const log = git(['log', '--format=%h%x00%B%x1e', ...range]);
if (!log.ok) {
  console.error('lint-commits: git log failed');
  process.exit(1);
}
const commits = log.out
  .split('\x1e')
  .map((record) => record.replace(/^\n/, ''))
  .filter(Boolean)
  .map((record) => {
    const [hash = '', message = ''] = record.split('\x00');
    return { hash, message };
  });
const bad = commits.flatMap(({ hash, message }) =>
  commitMessageProblems(message).map((problem) => `${hash} ${message.split('\n')[0]?.slice(0, 60)}…: ${problem}`),
);
for (const line of bad) console.error(`lint-commits: ${line}`);
if (bad.length > 0) process.exit(1);
console.log(`lint-commits: ${commits.length} commit(s) after ${hasBase ? CONVENTION_SINCE : 'none'} follow the convention.`);
