/** The six quality gates, in the canonical order, and what each proves. */
import { GATE_NAMES, type GateName } from '../../src/schemas/common.ts';

export { GATE_NAMES, type GateName };

/** What passing each gate proves, for the README, `verify` and `matrix:check`. */
export const GATE_PROOF: Record<GateName, string> = {
  'site:export': 'content is valid and the public artifacts regenerate deterministically',
  'format:check': 'every file is formatted by prettier',
  lint: 'eslint finds no problem and no warning, and astro check no type error',
  test: 'unit, contract, loopback and browser tests pass',
  build: 'astro build succeeds',
  'matrix:check': 'the built output agrees with the route table, the inventory and the catalog',
};
