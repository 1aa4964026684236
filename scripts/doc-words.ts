/** `npm run docs:words`: the prose words of every Markdown file against its budget (tables and code left out). */
import { readRepositoryDocs, wordBudget } from './lib/markdown-docs.ts';

let over = false;
for (const doc of readRepositoryDocs(process.cwd())) {
  const budget = wordBudget(doc.file);
  over ||= doc.words > budget;
  console.log(`${String(doc.words).padStart(6)} / ${budget}  ${doc.file}${doc.words > budget ? '  over' : ''}`);
}
process.exit(over ? 1 : 0);
