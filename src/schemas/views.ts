/**
 * The detail views the API and the pages publish: each entry with its relations resolved to
 * references, plus what the spec says the detail adds. Built from the content schemas.
 */
import { z } from 'astro/zod';
import { CategorySchema } from './categories.ts';
import { CaseSchema } from './cases.ts';
import { GateNameSchema, LocalizedTextSchema, SlugSchema } from './common.ts';
import { dated } from './history.ts';
import { OperationFieldsSchema } from './operations.ts';
import { ProjectSchema } from './projects.ts';
import { StackSchema } from './stacks.ts';

/** A resolved relation: enough to name and link the other entry. */
export const RefSchema = z
  .strictObject({
    /** The other entry's slug. */
    slug: SlugSchema,
    /** Its display name. */
    name: LocalizedTextSchema,
    /** Its page on this site. */
    url: z.string(),
    /** Its JSON twin, when the API has a detail endpoint for it. */
    api_url: z.string().optional(),
  })
  .meta({ id: 'Ref' });
export type Ref = z.output<typeof RefSchema>;
const Refs = z.array(RefSchema);

/** A quality gate as a dossier lists it, with its place in `npm run verify`. */
export const GateSchema = z.strictObject({
  name: GateNameSchema,
  /** 1-based position in the canonical order of the six gates. */
  position: z.number().int().min(1).max(6),
  /** How to run it. */
  command: z.string(),
});

/** Category dossier: the category's relations, plus its portfolio cases and projects. */
export const CategoryDetailSchema = dated(CategorySchema).extend({
  stacks: Refs,
  capabilities: Refs,
  operations: Refs,
  cases: Refs,
  projects: Refs,
}).meta({ id: 'CategoryDetail' });

/** Stack dossier: the stack's capabilities, plus related projects, cases and operations. */
export const StackDetailSchema = dated(StackSchema).extend({
  capabilities: Refs,
  projects: Refs,
  cases: Refs,
  operations: Refs,
}).meta({ id: 'StackDetail' });

/** Project dossier: every relation resolved, with commands and surfaces. */
export const ProjectDetailSchema = dated(ProjectSchema).extend({
  category: RefSchema,
  capabilities: Refs,
  stacks: Refs,
  operations: Refs,
  related: Refs,
  /** Projects that list this one as related. */
  referenced_by: Refs,
  /** Portfolio cases built on this project. */
  cases: Refs,
}).meta({ id: 'ProjectDetail' });

/** Operational dossier: gates in order, signals, routes, stacks and related projects. */
export const OperationDetailSchema = dated(OperationFieldsSchema).extend({
  gates: z.array(GateSchema),
  stacks: Refs,
  projects: Refs,
  /** Categories that rely on this dossier. */
  categories: Refs,
}).meta({ id: 'OperationDetail' });

/** Portfolio case page: the case with its category, stacks and project resolved. */
export const CaseDetailSchema = dated(CaseSchema).extend({
  category: RefSchema,
  stacks: Refs,
  project: RefSchema.optional(),
}).meta({ id: 'CaseDetail' });

export type CategoryDetail = z.output<typeof CategoryDetailSchema>;
export type StackDetail = z.output<typeof StackDetailSchema>;
export type ProjectDetail = z.output<typeof ProjectDetailSchema>;
export type OperationDetail = z.output<typeof OperationDetailSchema>;
export type CaseDetail = z.output<typeof CaseDetailSchema>;
