/**
 * The agentskills.io specification's rules for a SKILL.md's frontmatter, as problems: name (1-64
 * lowercase letters, digits and hyphens, no leading, trailing or doubled hyphen, the same as its
 * folder), description (1-1024 characters), compatibility (at most 500), metadata (strings to
 * strings) and no field the specification does not define. agents:check and the tests read it.
 */
import yaml from 'js-yaml';

const FIELDS = new Set(['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools']);
const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The frontmatter of a SKILL.md, or undefined when it has none. */
export function frontmatterOf(markdown: string): Record<string, unknown> | undefined {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(markdown);
  if (!match) return undefined;
  const parsed = yaml.load(match[1]!);
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
}

/** What is wrong with a SKILL.md published in the folder `folder` (empty when it follows the rules). */
export function skillProblems(markdown: string, folder: string | undefined): string[] {
  const front = frontmatterOf(markdown);
  if (!front) return ['no YAML frontmatter between --- lines at the top'];
  const problems = Object.keys(front)
    .filter((key) => !FIELDS.has(key))
    .map((key) => `unknown field "${key}"`);
  const { name, description, compatibility, metadata } = front;
  if (typeof name !== 'string' || name.length < 1 || name.length > 64) problems.push('name must be 1-64 characters');
  else if (!NAME.test(name)) problems.push(`name "${name}" must be lowercase letters, digits and single inner hyphens`);
  else if (folder !== undefined && folder !== name) problems.push(`name "${name}" must match its folder "${folder}"`);
  if (typeof description !== 'string' || description.trim().length < 1 || description.length > 1024)
    problems.push('description must be 1-1024 characters');
  if (compatibility !== undefined && (typeof compatibility !== 'string' || compatibility.length > 500))
    problems.push('compatibility must be at most 500 characters');
  if (metadata !== undefined) {
    const entries = metadata !== null && typeof metadata === 'object' ? Object.values(metadata) : [undefined];
    if (entries.some((value) => typeof value !== 'string')) problems.push('metadata must map strings to strings');
  }
  return problems;
}
