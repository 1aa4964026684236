/** Textos da interface em português: a página de busca (título e descrição em src/site/pages.ts). */
import type { SEARCH } from '../en-US/search.ts';

export const SEARCH_PT: typeof SEARCH = {
  lede: 'Todas as páginas do catálogo: projetos, stacks, capacidades, casos, dossiês e mais.',
  formLabel: 'Catálogo',
  queryLabel: 'Palavras ou um nome',
  sectionLabel: 'Seção',
  allSections: 'Todas as seções',
  noScriptLead: 'A busca precisa de JavaScript',
  noScriptRest: 'que está desativado neste navegador. Toda página fica a um ou dois links de uma seção:',
  fullTextLead: 'Ou busque no catálogo inteiro em um só arquivo de texto:',
  resultsLabel: 'Resultados',
  client: {
    prompt: 'Digite uma palavra ou um nome para buscar no catálogo.',
    noResults: 'Nenhum resultado para “{term}”.',
    noResultsInSection: 'Nenhum resultado para “{term}” em {section}.',
    oneResult: '{count} resultado para “{term}”.',
    oneResultInSection: '{count} resultado para “{term}” em {section}.',
    results: '{count} resultados para “{term}”.',
    resultsInSection: '{count} resultados para “{term}” em {section}.',
    unavailable: 'A busca não está disponível agora. Navegue pelas seções do menu.',
    showMore: 'Mostrar mais resultados',
  },
};
