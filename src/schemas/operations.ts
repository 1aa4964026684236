/** Operational dossiers: how a promise is kept, with quality gates, routes, stacks and projects. */
import { z } from 'astro/zod';
import { GATE_NAMES, GateNameSchema, LocalizedTextSchema, SlugRefSchema, SlugSchema } from './common.ts';

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
  routes: z.array(z.string().regex(/^\/[^\s]*$/, { message: 'must be a site path starting with "/"' })).min(1),
  /** Stack slugs involved. */
  stacks: z.array(SlugRefSchema),
  /** Project slugs it governs. */
  projects: z.array(SlugRefSchema),
});

export const OperationSchema = OperationFieldsSchema.superRefine((operation, ctx) => {
  // Gates must follow the canonical order so every dossier reads like `npm run verify`.
  const positions = operation.gates.map((gate) => GATE_NAMES.indexOf(gate));
  positions.forEach((position, index) => {
    const previous = positions[index - 1];
    if (index > 0 && previous !== undefined && position <= previous) {
      ctx.addIssue({
        code: 'custom',
        path: ['gates', index],
        input: operation.gates[index],
        params: { allowed: GATE_NAMES },
        message: `gates must follow the canonical order without repeats (${GATE_NAMES.join(', ')}); "${operation.gates[index]}" comes after "${operation.gates[index - 1]}"`,
      });
    }
  });
});
export type Operation = z.output<typeof OperationSchema>;
