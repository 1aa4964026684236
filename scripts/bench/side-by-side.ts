/**
 * Two checkouts' benches side by side: `npm run bench` in the old and the new worktree, alternating
 * which goes first, for several rounds, each with stdout a pipe as the bench runs it; then per
 * class the medians of each side's ratio CPU (the floor's CPU per request over the server's) and
 * the new one's over the old one's. Each checkout runs its own server code on its own build.
 *
 *   npx node scripts/bench/side-by-side.ts --old ../main --new . --rounds 5 -- --classes detail,search --runs 1
 *
 * Everything after `--` goes to each `npm run bench`. Prints Markdown.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

/** Per class: its ratio CPU and server CPU per request, read from the bench's Markdown table. */
export function classFigures(markdown: string): Map<string, { ratioCpu: number; cpu: number }> {
  const figures = new Map<string, { ratioCpu: number; cpu: number }>();
  const lines = markdown.split('\n');
  const headerAt = lines.findIndex((line) => line.startsWith('| class |'));
  if (headerAt < 0) return figures;
  const header = lines[headerAt]!.split('|').map((cell) => cell.trim());
  const cpuAt = header.indexOf('CPU µs/req');
  const ratioAt = header.indexOf('ratio CPU');
  for (const line of lines.slice(headerAt + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line.split('|').map((cell) => cell.trim());
    figures.set(cells[1]!, { ratioCpu: Number(cells[ratioAt]), cpu: Number(cells[cpuAt]!.replaceAll(',', '')) });
  }
  return figures;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** One bench run in `checkout`, its stdout a pipe; the Markdown it printed. */
function benchIn(checkout: string, args: readonly string[]): string {
  const run = spawnSync('npm', ['run', '--silent', 'bench', '--', ...args], {
    cwd: checkout,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`npm run bench in ${checkout} exited ${run.status ?? run.signal}`);
  return run.stdout;
}

export function main(argv: readonly string[]): void {
  const split = argv.indexOf('--');
  const { values } = parseArgs({
    args: split < 0 ? [...argv] : argv.slice(0, split),
    options: { old: { type: 'string' }, new: { type: 'string', default: '.' }, rounds: { type: 'string', default: '5' } },
    strict: true,
  });
  const rounds = Number(values.rounds);
  if (!values.old || !Number.isInteger(rounds) || rounds < 1)
    throw new Error('usage: side-by-side.ts --old <checkout> [--new <checkout>] [--rounds N] [-- <bench options>]');
  const benchArgs = split < 0 ? [] : argv.slice(split + 1);
  const sides = { old: resolve(values.old), new: resolve(values.new) };
  const seen = { old: [] as Map<string, { ratioCpu: number; cpu: number }>[], new: [] as Map<string, { ratioCpu: number; cpu: number }>[] };
  for (let round = 1; round <= rounds; round += 1) {
    for (const side of round % 2 === 1 ? (['old', 'new'] as const) : (['new', 'old'] as const)) {
      console.error(`side-by-side: round ${round}/${rounds}, ${side} (${sides[side]})`);
      seen[side].push(classFigures(benchIn(sides[side], benchArgs)));
    }
  }
  console.log(`${rounds} alternating rounds, \`npm run bench -- ${benchArgs.join(' ')}\`; medians per class.\n`);
  console.log('| class | old ratio CPU | new ratio CPU | new − old | old CPU µs/req | new CPU µs/req | new / old CPU |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const name of seen.old[0]?.keys() ?? []) {
    const of = (side: 'old' | 'new', field: 'ratioCpu' | 'cpu') =>
      median(seen[side].map((figures) => figures.get(name)?.[field]).filter((value): value is number => value !== undefined));
    const [oldRatio, newRatio, oldCpu, newCpu] = [of('old', 'ratioCpu'), of('new', 'ratioCpu'), of('old', 'cpu'), of('new', 'cpu')];
    console.log(
      `| ${name} | ${oldRatio.toFixed(2)} | ${newRatio.toFixed(2)} | ${(newRatio - oldRatio).toFixed(2)} | ${oldCpu.toFixed(1)} | ${newCpu.toFixed(1)} | ${(newCpu / oldCpu).toFixed(3)} |`,
    );
  }
}

if (import.meta.main) main(process.argv.slice(2));
