/** The filter file put in a stable order: values sorted by name, pages ascending, names re-hashed from the bytes. */
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inStableOrder, sortedFilter } from '../../src/integrations/search-index-order.ts';

/** A filter file as Pagefind writes it, CBOR by hand: ["section", [[value, [pages]]…]]. */
function filterFile(values: [string, number[]][]): Buffer {
  const text = (value: string) => Buffer.concat([Buffer.from([0x60 | value.length]), Buffer.from(value)]);
  const uint = (value: number) => (value < 24 ? Buffer.from([value]) : Buffer.from([0x18, value]));
  const pairs = values.map(([value, pages]) =>
    Buffer.concat([Buffer.from([0x82]), text(value), Buffer.from([0x80 | pages.length]), ...pages.map(uint)]),
  );
  return gzipSync(
    Buffer.concat([Buffer.from('pagefind_dcd'), Buffer.from([0x82]), text('section'), Buffer.from([0x80 | values.length]), ...pairs]),
  );
}

describe('the search index in a stable order', () => {
  const shuffled = filterFile([
    ['Stacks', [40, 3]],
    ['About', [7]],
    ['Projects', [1, 2]],
  ]);
  const sorted = filterFile([
    ['About', [7]],
    ['Projects', [1, 2]],
    ['Stacks', [3, 40]],
  ]);

  it('sorts a filter’s values and their pages, whatever order Pagefind wrote them in', () => {
    expect(gunzipSync(sortedFilter(shuffled))).toEqual(gunzipSync(sorted));
    expect(sortedFilter(shuffled)).toEqual(sortedFilter(sorted));
  });

  it('renames the filter, the metadata naming it and the entry naming that, by content', () => {
    const meta = (filter: string) => gzipSync(Buffer.from(`\x82gsectionj${filter}`, 'latin1'));
    const files = (filterName: string, metaName: string) => [
      { path: `filter/${filterName}.pf_filter`, content: filterName === 'en_aaaaaaa' ? shuffled : sorted },
      { path: `pagefind.${metaName}.pf_meta`, content: meta(filterName) },
      { path: 'pagefind-entry.json', content: Buffer.from(`{"languages":{"en":{"hash":"${metaName}"}}}`) },
    ];
    const one = inStableOrder(files('en_aaaaaaa', 'en_1111111111'));
    const two = inStableOrder(files('en_bbbbbbb', 'en_2222222222'));
    expect(one.map((file) => file.path)).toEqual(two.map((file) => file.path));
    expect(one.map((file) => Buffer.from(file.content).toString('base64'))).toEqual(
      two.map((file) => Buffer.from(file.content).toString('base64')),
    );
    const filterName = /filter\/(.*)\.pf_filter/.exec(one.find((file) => file.path.startsWith('filter/'))!.path)![1]!;
    expect(filterName).toMatch(/^en_[0-9a-f]{7}$/);
    expect(gunzipSync(one.find((file) => file.path.endsWith('.pf_meta'))!.content).toString('latin1')).toContain(filterName);
  });

  it('refuses a filter file it cannot read rather than ship it', () => {
    expect(() => sortedFilter(gzipSync(Buffer.from('not pagefind')))).toThrow(/header/);
  });
});
