/**
 * Type tests: each handler returns its own route's payload, as the route table's schema outputs it
 * (localized to one language where the route is localized). `tsc` (astro check in the lint gate)
 * fails on any line below whose `@ts-expect-error` stops being an error, or whose expectation breaks.
 */
import { describe, expectTypeOf, it } from 'vitest';
import { collectionDirectory, HANDLERS, type Answer, type Handler, type RouteContext } from '../../src/api/handlers.ts';
import { PARAM_NAMES } from '../../src/routes/params.ts';
import type { FilterOf } from '../../src/routes/routes.ts';
import type { Localized } from '../../src/catalog/localize.ts';
import type { PayloadOf } from '../../src/routes/routes.ts';
import type { StackDetailSchema } from '../../src/schemas/views.ts';
import type { z } from 'astro/zod';

describe('handlers are typed from the route table', () => {
  it('return the payload type of their own route', () => {
    expectTypeOf<ReturnType<(typeof HANDLERS)['getStack']>>().toExtend<Answer<'getStack'>>();
    expectTypeOf<Answer<'getStack'>>().toEqualTypeOf<Localized<z.output<typeof StackDetailSchema>>>();
    // Not localized: the health payload is the schema's output as it is.
    expectTypeOf<Answer<'getHealth'>>().toEqualTypeOf<PayloadOf<'getHealth'>>();
    expectTypeOf<Answer<'listStacks'>['items'][number]['name']>().toEqualTypeOf<string>();
  });

  it('reject a handler that returns another shape', () => {
    const context = {} as RouteContext;
    // @ts-expect-error a stack dossier is not a project dossier
    const wrongRoute: Handler<'getProject'> = () => HANDLERS.getStack(context);
    // @ts-expect-error a directory must say its count
    const noCount: Handler<'listStacks'> = () => ({ items: [] });
    // @ts-expect-error a localized route answers text in one language, not the { "en-US", "pt-BR" } map
    const unlocalized: Handler<'getCategory'> = () => ({ ...HANDLERS.getCategory(context), name: { 'en-US': 'a', 'pt-BR': 'b' } });
    expectTypeOf([wrongRoute, noCount, unlocalized]).toBeArray();
  });

  it('take their filters from the route table: a filter the route lacks, or a missing one, does not compile', () => {
    // Pinned by hand on purpose: the stacks directory filters by category only.
    expectTypeOf<FilterOf<'listStacks'>>().toEqualTypeOf<'category'>();
    expectTypeOf<FilterOf<'getStack'>>().toEqualTypeOf<never>();
    const byCategory = () => true;
    // @ts-expect-error listStacks has a category parameter: its directory must test it
    const missing = collectionDirectory('listStacks', 'stacks', {});
    // @ts-expect-error listStacks has no stack parameter, so no stack filter
    const extra = collectionDirectory('listStacks', 'stacks', { [PARAM_NAMES.category]: byCategory, [PARAM_NAMES.stack]: byCategory });
    // @ts-expect-error a filter is named by its parameter, as the route table spells it
    const misspelt = collectionDirectory('listStacks', 'stacks', { categories: byCategory });
    expectTypeOf([missing, extra, misspelt]).toBeArray();
  });
});
