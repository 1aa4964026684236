/**
 * The cross-file rules on in-memory entries: which file of a duplicated slug is told to change and
 * what it is offered, and the self-reference rule only where a collection refers to itself.
 */
import { describe, expect, it } from 'vitest';
import { formatIssue } from '../../src/catalog/content-error.ts';
import { readContentFolder } from '../../src/catalog/load-files.ts';
import type { RawCollections, RawEntry } from '../../src/catalog/raw-content.ts';
import { checkCollections } from '../../src/catalog/validate.ts';

const shipped = readContentFolder('content');
const data = (entries: readonly RawEntry[], slug: string) =>
  structuredClone(entries.find((entry) => entry.file.endsWith(`/${slug}.yaml`))!.data) as Record<string, unknown>;
const problems = (raw: RawCollections) => checkCollections(raw).issues.map(formatIssue);

describe('a duplicated slug', () => {
  const policy = data(shipped.trust, 'privacy-policy');

  it('in a file whose name is not a slug: the fix asks for a slug of its own', () => {
    const copy = { file: 'content/trust/Privacy Copy.yaml', data: policy };
    expect(problems({ ...shipped, trust: [...shipped.trust, copy] })).toEqual([
      'content/trust/Privacy Copy.yaml: field "slug" has value "privacy-policy": this slug is already used by content/trust/privacy-policy.yaml; slugs must be unique in the trust collection. Give this entry its own slug and name the file after it.',
    ]);
  });

  it('in a file named after a slug another entry uses: the fix does not offer that name', () => {
    const copy = { file: 'content/trust/other.yaml', data: policy };
    const owner = { file: 'content/trust/third.yaml', data: { ...policy, slug: 'other' } };
    expect(problems({ ...shipped, trust: [...shipped.trust, copy, owner] })).toEqual([
      'content/trust/other.yaml: field "slug" has value "privacy-policy": this slug is already used by content/trust/privacy-policy.yaml; slugs must be unique in the trust collection. Give this entry its own slug and name the file after it.',
      'content/trust/third.yaml: field "slug" has value "other": the file name must be the slug. Rename the file to other.yaml, or change the slug to "third".',
    ]);
  });
});

describe('self-reference', () => {
  it('is allowed across collections: a project may use the stack that shares its slug', () => {
    const project = { ...data(shipped.projects, 'docs-hub'), slug: 'redis', stacks: ['redis'], related: [] };
    expect(problems({ ...shipped, projects: [...shipped.projects, { file: 'content/projects/redis.yaml', data: project }] })).toEqual([]);
  });
});
