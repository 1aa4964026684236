import { writeSearchIndex } from '/work/wt-21/src/integrations/search-index.ts';
console.log(await writeSearchIndex(process.argv[2]!));
