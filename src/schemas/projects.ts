/** Project dossiers: the technical and operational record of one project. */
import { z } from 'astro/zod';
import { CommandSchema, HrefSchema, LocalizedTextSchema, SlugRefSchema, SlugSchema } from './common.ts';

/** Where a project is in its life. */
export const PROJECT_STATUSES = ['active', 'maintained', 'archived'] as const;

/** A place where the project meets its users. */
export const SurfaceSchema = z.strictObject({
  /** The medium of the surface. */
  kind: z.enum(['website', 'api', 'export', 'documentation', 'cli', 'package', 'feed']),
  /** What the surface is, in words. */
  label: LocalizedTextSchema,
  /** Where it lives. */
  url: HrefSchema,
});

export const ProjectSchema = z.strictObject({
  /** Identifier of the project. */
  slug: SlugSchema,
  /** The project's name. */
  name: z.string().min(1),
  /** What the project is, in one or two sentences. */
  summary: LocalizedTextSchema,
  /** The longer technical account. */
  description: LocalizedTextSchema,
  /** Where the project is in its life. */
  status: z.enum(PROJECT_STATUSES),
  /** The year the project started. */
  started: z.number().int().min(2000).max(2100),
  /** The category slug. */
  category: SlugRefSchema,
  /** Capability slugs (the operational domains it exercises). */
  capabilities: z.array(SlugRefSchema).min(1),
  /** Stack slugs. */
  stacks: z.array(SlugRefSchema).min(1),
  /** Operational dossier slugs that govern the project. */
  operations: z.array(SlugRefSchema),
  /** Project slugs this project depends on or feeds. */
  related: z.array(SlugRefSchema),
  /** Commands to build, test and run it. */
  commands: z.array(CommandSchema).min(1),
  /** Where the project meets its users. */
  surfaces: z.array(SurfaceSchema).min(1),
  /** Public source code, if any. */
  repository: HrefSchema.optional(),
});
export type Project = z.output<typeof ProjectSchema>;
