/**
 * Every built HTML file against html-validate's recommended rules: a matrix:check row, so the gate
 * after the build fails on the first invalid page (ARIA misuse, duplicate landmarks, long titles...).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HtmlValidate } from 'html-validate';
import type { CheckResult } from './matrix.ts';

/** The recommended preset, nothing switched off. */
const validator = new HtmlValidate({ extends: ['html-validate:recommended'] });

/** Validates the HTML files (paths relative to `clientDir`); each error becomes one problem naming file, line and rule. */
export async function checkHtmlValidity(clientDir: string, files: readonly string[]): Promise<CheckResult> {
  const problems: string[] = [];
  for (const file of files) {
    const report = await validator.validateString(readFileSync(join(clientDir, file), 'utf8'), file);
    for (const result of report.results)
      for (const message of result.messages)
        if (message.severity === 2) problems.push(`${file}:${message.line}:${message.column} ${message.message} (${message.ruleId})`);
  }
  return {
    name: 'HTML validity (html-validate, recommended)',
    sources: [
      ['HTML files validated', files.length],
      ['errors', problems.length],
    ],
    problems,
  };
}
