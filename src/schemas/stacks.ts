/** Stacks: recurring technologies, linked to the portfolio and to capabilities. */
import { z } from 'astro/zod';
import { CommandSchema, HrefSchema, LocalizedTextSchema, SlugRefSchema, SlugSchema } from './common.ts';

/** What role a technology plays. */
export const STACK_KINDS = ['language', 'framework', 'runtime', 'library', 'database', 'tooling', 'platform', 'standard'] as const;

export const StackSchema = z.strictObject({
  /** Identifier of the stack. */
  slug: SlugSchema,
  /** The technology's proper name, such as "TypeScript". */
  name: z.string().min(1),
  /** The role it plays. */
  kind: z.enum(STACK_KINDS),
  /** Why the studio uses it. */
  summary: LocalizedTextSchema,
  /** The technology's official site. */
  url: HrefSchema,
  /** Capability slugs delivered with it. */
  capabilities: z.array(SlugRefSchema),
  /** Commands worth knowing with this stack. */
  commands: z.array(CommandSchema),
});
export type Stack = z.output<typeof StackSchema>;
