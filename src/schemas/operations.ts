/** Operational dossiers: how a promise is kept, with quality gates, routes, stacks and projects. */
import { z } from 'astro/zod';
import { GATE_NAMES, GateNameSchema, LocalizedTextSchema, SITE_PATH_PATTERN, SlugRefSchema, SlugSchema } from './common.ts';

/** The dossier's fields, before the gate-order rule; detail views extend this. */
export const OperationFieldsSchema = z.strictObject({
  /** Identifier of the dossier. */
  slug: SlugSchema,
  /** Display title. */
  title: LocalizedTextSchema,
  /** The promise the dossier keeps. */
  summary: LocalizedTextSchema,
  /** Quality gates that prove it, an ordered subset of the six. */
  gates: z.array(GateNameSchema).min(1),
  /** Observable signals that the promise holds. */
  signals: z.array(LocalizedTextSchema).min(1),
  /** Site routes the dossier covers. */
  routes: z.array(z.string().regex(SITE_PATH_PATTERN, { message: 'must be a site path starting with "/"' })).min(1),
  /** Stack slugs involved. */
  stacks: z.array(SlugRefSchema),
  /** Project slugs it governs. */
  projects: z.array(SlugRefSchema),
});

export const OperationSchema = OperationFieldsSchema.superRefine((operation, ctx) => {
  // Gates must follow the canonical order so every dossier reads like `npm run verify`. One issue
  // for the whole list, whatever the number of misplaced gates: it is one mistake with one fix.
  const positions = operation.gates.map((gate) => GATE_NAMES.indexOf(gate));
  const misplaced = positions.findIndex((position, index) => index > 0 && position <= (positions[index - 1] ?? -1));
  if (misplaced === -1) return;
  const inOrder = GATE_NAMES.filter((gate) => operation.gates.includes(gate));
  ctx.addIssue({
    code: 'custom',
    path: ['gates'],
    input: operation.gates,
    params: { fix: `Write them in this order: ${inOrder.join(', ')}.` },
    message: `gates must follow the canonical order without repeats (${GATE_NAMES.join(', ')}); "${operation.gates[misplaced]}" comes after "${operation.gates[misplaced - 1]}"`,
  });
});
export type Operation = z.output<typeof OperationSchema>;
