/** Textos da interface em português: a página não encontrada (título e descrição em src/site/pages.ts). */
import type { NOT_FOUND } from '../en-US/not-found.ts';

export const NOT_FOUND_PT: typeof NOT_FOUND = {
  eyebrow: 'Erro 404',
  lede: 'Não há página neste endereço. Ela pode ter mudado de lugar, ou o link pode ter um erro de digitação.',
  sectionsHeading: 'Para onde ir',
};
