/** Textos da interface em português: as páginas de índice das seções (portfólio, categorias, capacidades, stacks, projetos, operações). */
import type { SECTIONS } from '../en-US/sections.ts';

/** Uma contagem com seu substantivo, no singular para um. */
const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

export const SECTIONS_PT: typeof SECTIONS = {
  caseCount: (n) => count(n, 'caso', 'casos'),
  projectCount: (n) => count(n, 'projeto', 'projetos'),
  stackCount: (n) => count(n, 'stack', 'stacks'),

  portfolio: {
    eyebrow: (n) => count(n, 'caso de cliente', 'casos de clientes'),
    jumpNav: 'Categorias do portfólio',
    categoryDossier: (category) => `Dossiê da categoria ${category}`,
    twinLabel: 'JSON do portfólio inteiro',
    twinNote: 'Filtre por categoria, stack ou texto com parâmetros de consulta.',
  },

  categories: {
    eyebrow: (n) => count(n, 'categoria', 'categorias'),
    twinLabel: 'JSON de todas as categorias',
  },

  capabilities: {
    eyebrow: (capabilities, domains) => `${count(capabilities, 'capacidade', 'capacidades')} em ${count(domains, 'domínio', 'domínios')}`,
    domainsNav: 'Domínios das capacidades',
    deliveryHeading: 'Formas de contratar o estúdio',
    deliveryIntro: 'Cada capacidade lista os formatos de entrega em que é oferecida; juntos, eles são:',
    technologies: 'Tecnologias',
    deliveryModes: 'Formatos de entrega',
    twinLabel: 'JSON de todas as capacidades',
  },

  stacks: {
    eyebrow: (n) => count(n, 'tecnologia', 'tecnologias'),
    kindsNav: 'Tipos de stack',
    twinLabel: 'JSON do mapa de stacks',
  },

  projects: {
    eyebrow: (n) => count(n, 'dossiê de projeto', 'dossiês de projetos'),
    jumpNav: 'Categorias de projetos',
    since: (year) => `desde ${year}`,
    twinLabel: 'JSON de todos os dossiês de projetos',
  },

  operations: {
    eyebrow: (promises, gates) =>
      `${count(promises, 'promessa', 'promessas')}, ${count(gates, 'portão de qualidade', 'portões de qualidade')}`,
    gatesIntro: 'Cada dossiê nomeia os portões de qualidade que o comprovam, na ordem em que',
    gatesIntroEnd: 'os executa:',
    gates: (gates) => `Portões: ${gates}`,
    twinLabel: 'JSON de todos os dossiês operacionais',
  },
};
