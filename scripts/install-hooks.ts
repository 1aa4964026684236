/**
 * The prepare script (`npm install`, `npm ci`): points git at the committed hooks in .githooks/.
 * It leaves alone a copy without git, a hooks path someone chose, and a linked worktree, whose
 * config is shared with every worktree of the repository (it prints the command to run there).
 */
import { spawnSync } from 'node:child_process';

const HOOKS = '.githooks';

function git(args: string[]): { ok: boolean; out: string } {
  const run = spawnSync('git', args, { encoding: 'utf8' });
  return { ok: run.status === 0, out: (run.stdout ?? '').trim() };
}

const inside = git(['rev-parse', '--is-inside-work-tree']);
if (!inside.ok || inside.out !== 'true') process.exit(0);
const current = git(['config', '--get', 'core.hooksPath']).out;
if (current === HOOKS) process.exit(0);
if (current !== '') {
  console.log(`install-hooks: core.hooksPath is ${current}; left as it is (ours are in ${HOOKS}/).`);
  process.exit(0);
}
const linked =
  git(['rev-parse', '--path-format=absolute', '--git-dir']).out !== git(['rev-parse', '--path-format=absolute', '--git-common-dir']).out;
if (linked) {
  console.log(`install-hooks: a linked worktree shares its config; to use the hooks: git config core.hooksPath ${HOOKS}`);
  process.exit(0);
}
if (git(['config', 'core.hooksPath', HOOKS]).ok) console.log(`install-hooks: git now runs the hooks in ${HOOKS}/`);
