/**
 * What every detail page (a case, a category, a stack, a project, an operation) reads before it
 * renders: its static paths, its entry's detail view in one locale, its head facts and its trail
 * back to the family's index. The pages keep only what they show.
 */
import type { Catalog } from '../catalog/catalog.ts';
import { localize, type Localized } from '../catalog/localize.ts';
import { DEFAULT_LOCALE, type Locale } from '../schemas/common.ts';
import type { CaseDetail, CategoryDetail, OperationDetail, ProjectDetail, StackDetail } from '../schemas/views.ts';
import type { Crumb } from './breadcrumb-ld.ts';
import { LANG_PARAMS } from '../routes/locale-paths.ts';
import { FAMILY_LABELS, pageMeta, recordAt, recordsOf, type PageMeta } from './page-meta.ts';
import type { DETAIL_FAMILIES, PageRecord } from './pages.ts';

/** A family of detail pages: 'case', 'category', 'stack', 'project' or 'operation'. */
export type DetailFamily = (typeof DETAIL_FAMILIES)[number]['family'];

/** The catalog view each detail family renders. */
interface DetailViews {
  case: CaseDetail;
  category: CategoryDetail;
  stack: StackDetail;
  project: ProjectDetail;
  operation: OperationDetail;
}

/** How each family reads its entry's view from the catalog. */
const DETAIL_VIEWS: { [F in DetailFamily]: (catalog: Catalog, slug: string) => DetailViews[F] | undefined } = {
  case: (catalog, slug) => catalog.caseDetail(slug),
  category: (catalog, slug) => catalog.categoryDetail(slug),
  stack: (catalog, slug) => catalog.stackDetail(slug),
  project: (catalog, slug) => catalog.projectDetail(slug),
  operation: (catalog, slug) => catalog.operationDetail(slug),
};

/** The props getStaticPaths hands each detail page (a type, not an interface: Astro's props need an index signature). */
export type DetailProps = {
  record: PageRecord;
  slug: string;
};

/** getStaticPaths entries for a detail family: one per inventory record and language, keyed by the entry's slug. */
export function detailPaths(
  catalog: Catalog,
  family: DetailFamily,
): { params: { lang: string | undefined; slug: string }; props: DetailProps }[] {
  return recordsOf(catalog, family).flatMap((record) =>
    record.entry
      ? LANG_PARAMS.map(({ lang }) => ({ params: { lang, slug: record.entry!.slug }, props: { record, slug: record.entry!.slug } }))
      : [],
  );
}

/** Everything a detail page reads, in one locale. */
export interface DetailPage<F extends DetailFamily> {
  /** The locale the page renders in. */
  locale: Locale;
  /** The catalog's view of the entry, in the page's locale. */
  item: Localized<DetailViews[F]>;
  /** Title, description, path and JSON twin of the page. */
  meta: PageMeta;
  /** The family's index, then the page itself (Home is prepended by the layout). */
  breadcrumbs: Crumb[];
}

/** Site path of the index a detail page belongs to: its own path without the last segment. */
function indexPath(path: string): string {
  return path.replace(/[^/]+\/$/, '');
}

/** Reads a detail page's entry, head facts and trail; throws when the inventory names an entry the catalog lacks. */
export function detailPage<F extends DetailFamily>(
  catalog: Catalog,
  family: F,
  { record, slug }: DetailProps,
  locale: Locale = DEFAULT_LOCALE,
): DetailPage<F> {
  const detail = DETAIL_VIEWS[family](catalog, slug);
  if (!detail) throw new Error(`Unknown ${FAMILY_LABELS[family]} "${slug}"`);
  const meta = pageMeta(record, locale);
  const index = pageMeta(recordAt(catalog, indexPath(record.path)), locale);
  return {
    locale,
    item: localize(detail, locale),
    meta,
    breadcrumbs: [
      { name: index.title, path: index.path },
      { name: meta.title, path: meta.path },
    ],
  };
}
