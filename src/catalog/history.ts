/**
 * The content's history from git, read once per content read in a fixed number of git processes
 * whatever the number of files (a 100× catalog costs what the real one does): one `git log
 * --name-status` for which commit touched which file, one `git cat-file --batch` for the YAML of
 * every version, and two small look-ups (HEAD, shallow or not). From these: each entry's dates
 * (created, updated), the entry-level changes the feeds list, and per field which commit last
 * changed its en-US and its pt-BR text (stale translations).
 *
 * Deterministic: everything comes from commits (never the wall clock or a file's mtime), so one
 * commit gives the same dates anywhere. The fallback rule, for files no commit touched (a file not
 * yet committed, a folder outside git, a tarball): the newest commit that touched the content
 * folder when there is one (a commit elsewhere, code only, changes no entry's date), else
 * NO_HISTORY_DATE. A shallow clone dates from the oldest commit it has. The build says which, once.
 */
import { execFileSync } from 'node:child_process';
import { basename, relative, resolve, sep } from 'node:path';
import yaml from 'js-yaml';
import { LOCALES, type Locale } from '../schemas/common.ts';
import { NO_HISTORY_DATE, UNDATED, type EntryDates } from '../schemas/history.ts';

/** A commit as the history uses it: hash, UTC time and its place (0 = oldest). */
interface Commit {
  readonly hash: string;
  readonly time: string;
  readonly order: number;
}

/** One entry-level change: a file added, updated or removed by one commit. */
export interface ContentChange {
  readonly commit: string;
  readonly time: string;
  /** The file, from the content folder: `categories/public-apis.yaml`. */
  readonly file: string;
  readonly collection: string;
  readonly slug: string;
  readonly action: 'added' | 'updated' | 'removed';
  /** Top-level fields whose value differs from the version before (every field when added or removed). */
  readonly fields: readonly string[];
}

/** A field whose pt-BR text was last changed before its en-US text. */
export interface StaleField {
  readonly field: string;
  /** The commit that last changed the en-US text, and its time (UTC). */
  readonly source_commit: string;
  readonly source_at: string;
  /** The commit that last changed the pt-BR text. */
  readonly translated_commit: string;
}

export interface ContentHistory {
  /** The dates of the file at `path` (absolute, or relative to the process's folder). */
  datesOf(path: string): EntryDates;
  /** Its fields whose translation is older than their English text, in field order. */
  staleOf(path: string): readonly StaleField[];
  /** Every entry-level change, newest first. */
  readonly changes: readonly ContentChange[];
  /** The one line a build prints when some dates come from the fallback rule; undefined when none do. */
  readonly note: string | undefined;
  /** How many files the history dated from their own commits. */
  readonly dated: number;
}

/** What git knows of one file: its dated versions and, per field, the last change of each locale. */
interface FileRecord {
  created: Commit;
  updated: Commit;
  /** Per field and locale, the commit that last changed that locale's text. */
  locales: Map<string, Partial<Record<Locale, Commit>>>;
}

const UNIT = '\x1f';
const RECORD = '\x1e';
const MAX_BUFFER = 1024 * 1024 * 1024;

function git(folder: string, args: string[], input?: string): Buffer | undefined {
  try {
    return execFileSync('git', ['-C', folder, '-c', 'core.quotepath=off', ...args], {
      input,
      maxBuffer: MAX_BUFFER,
      stdio: ['pipe', 'pipe', 'ignore'],
    });
  } catch {
    return undefined;
  }
}

const isoOf = (seconds: string) => new Date(Number(seconds) * 1000).toISOString();
const datesFrom = (created: Commit, updated: Commit): EntryDates => ({
  created_at: created.time,
  created_commit: created.hash,
  updated_at: updated.time,
  updated_commit: updated.hash,
});

/** One locale's text anywhere in a value, as a comparable string ('' when it holds none). */
function localeText(value: unknown, locale: Locale): string {
  const parts: string[] = [];
  const walk = (item: unknown) => {
    if (Array.isArray(item)) item.forEach(walk);
    else if (item !== null && typeof item === 'object') {
      const record = item as Record<string, unknown>;
      if (LOCALES.every((name) => typeof record[name] === 'string')) parts.push(String(record[locale]));
      else Object.values(record).forEach(walk);
    }
  };
  walk(value);
  return parts.join('\n');
}

/** The top-level fields whose values differ between two versions of an entry. */
function changedFields(before: unknown, after: unknown): string[] {
  const a = (before ?? {}) as Record<string, unknown>;
  const b = (after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]));
}

function parseYaml(bytes: Buffer): unknown {
  try {
    return yaml.load(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Splits `git cat-file --batch` output into the blobs, in request order (undefined when missing). */
function readBatch(output: Buffer, count: number): (Buffer | undefined)[] {
  const blobs: (Buffer | undefined)[] = [];
  let at = 0;
  for (let index = 0; index < count; index += 1) {
    const end = output.indexOf(10, at);
    const header = output.subarray(at, end).toString('utf8');
    at = end + 1;
    const [, type, size] = header.split(' ');
    if (type !== 'blob') {
      blobs.push(undefined);
      continue;
    }
    blobs.push(output.subarray(at, at + Number(size)));
    at += Number(size) + 1;
  }
  return blobs;
}

/** Reads the history of the content folder `folder` (absolute). */
export function readHistory(folder: string): ContentHistory {
  // Whether the folder is in a repository with commits at all.
  const head = git(folder, ['rev-parse', '--verify', '-q', 'HEAD'])?.toString('utf8').trim();
  const records = new Map<string, FileRecord>();
  const changes: ContentChange[] = [];
  const notes: string[] = [];
  let fallback: EntryDates = UNDATED;

  if (!head) {
    notes.push(`no git history for ${folder}: every entry is dated ${NO_HISTORY_DATE}`);
  } else {
    if (git(folder, ['rev-parse', '--is-shallow-repository'])?.toString('utf8').trim() === 'true') {
      notes.push('shallow clone: created dates are those of the oldest commit fetched');
    }
    const newest = readLog(folder, records, changes);
    if (newest) fallback = datesFrom(newest, newest);
  }

  const fileOf = (path: string) => relative(folder, resolve(path)).split(sep).join('/');
  let undated = 0;
  const datesOf = (path: string): EntryDates => {
    const record = records.get(fileOf(path));
    if (record) return datesFrom(record.created, record.updated);
    undated += 1;
    return fallback;
  };
  return {
    datesOf,
    staleOf(path) {
      const record = records.get(fileOf(path));
      if (!record) return [];
      return [...record.locales].flatMap(([field, last]) => {
        const source = last['en-US'];
        const translated = last['pt-BR'];
        return source && translated && translated.order < source.order
          ? [{ field, source_commit: source.hash, source_at: source.time, translated_commit: translated.hash }]
          : [];
      });
    },
    changes,
    get note() {
      const parts = [...notes];
      if (head && undated > 0)
        parts.push(
          fallback.updated_commit
            ? `${undated} entries have no commit yet: dated by the content's newest commit (${fallback.updated_commit.slice(0, 7)})`
            : `${undated} entries have no commit yet, nor has their folder: dated ${NO_HISTORY_DATE}`,
        );
      return parts.length > 0 ? `history: ${parts.join('; ')} (docs/history.md#without-history)` : undefined;
    },
    dated: records.size,
  };
}

/**
 * The one pass: which commits touched which file, then every version's YAML, oldest first. Returns
 * the newest commit that touched the folder, if any.
 */
function readLog(folder: string, records: Map<string, FileRecord>, changes: ContentChange[]): Commit | undefined {
  const log = git(folder, ['log', '--no-renames', '--name-status', `--format=${RECORD}%H${UNIT}%ct`, '--relative', '--', '.']);
  if (!log) return undefined;
  const commits = log
    .toString('utf8')
    .split(RECORD)
    .filter(Boolean)
    .map((block) => {
      const [header = '', ...lines] = block.split('\n');
      const [hash = '', seconds = '0'] = header.split(UNIT);
      const files = lines
        .filter(Boolean)
        .map((line) => {
          const [status = '', file = ''] = line.split('\t');
          return { status: status[0] ?? 'M', file };
        })
        .filter(({ file }) => /\.ya?ml$/.test(file) && file.includes('/'))
        .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
      return { hash, time: isoOf(seconds), files };
    })
    .reverse();

  const wanted = commits.flatMap(({ hash, files }) => files.filter(({ status }) => status !== 'D').map(({ file }) => `${hash}:./${file}`));
  const output = wanted.length > 0 ? git(folder, ['cat-file', '--batch'], `${wanted.join('\n')}\n`) : undefined;
  const blobs = output ? readBatch(output, wanted.length) : [];

  const previous = new Map<string, unknown>();
  let next = 0;
  commits.forEach(({ hash, time, files }, order) => {
    const commit: Commit = { hash, time, order };
    for (const { status, file } of files) {
      const data = status === 'D' ? undefined : parseYaml(blobs[next++] ?? Buffer.alloc(0));
      const before = previous.get(file);
      const existing = records.get(file);
      const action = status === 'D' ? 'removed' : existing ? 'updated' : 'added';
      const fields = changedFields(before, data);
      // A commit that only reformats a file changes no data: not a change, and no new date.
      if (action === 'updated' && fields.length === 0) continue;
      const [collection = ''] = file.split('/');
      changes.push({ commit: hash, time, file, collection, slug: basename(file).replace(/\.ya?ml$/, ''), action, fields });
      if (status === 'D') {
        previous.delete(file);
        records.delete(file);
        continue;
      }
      previous.set(file, data);
      const record: FileRecord = existing && action === 'updated' ? existing : { created: commit, updated: commit, locales: new Map() };
      record.updated = commit;
      for (const field of fields) {
        const last = record.locales.get(field) ?? {};
        const was = (before ?? {}) as Record<string, unknown>;
        const now = (data ?? {}) as Record<string, unknown>;
        for (const locale of LOCALES) {
          const text = localeText(now[field], locale);
          if (text !== localeText(was[field], locale) && text !== '') last[locale] = commit;
        }
        if (Object.keys(last).length > 0) record.locales.set(field, last);
      }
      records.set(file, record);
    }
  });
  changes.reverse();
  const newest = commits.at(-1);
  return newest && { hash: newest.hash, time: newest.time, order: commits.length - 1 };
}
