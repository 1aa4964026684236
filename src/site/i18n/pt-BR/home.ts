/** Textos da interface em português: a página inicial. */
import type { HOME } from '../en-US/home.ts';

export const HOME_PT: typeof HOME = {
  title: (siteName) => `${siteName}: sites, APIs públicas e portões de qualidade`,
  eyebrow: (founded) => `Estúdio de software · desde ${founded}`,
  journeysAction: 'Como é trabalhar com a gente',
  portfolioAction: 'Veja o portfólio',
  statsLabel: 'O catálogo em números',
  statCases: 'casos no portfólio',
  statProjects: 'dossiês de projetos',
  statStacks: 'stacks em uso',
  statOperations: 'dossiês operacionais',
  approachHeading: 'Como o estúdio trabalha',
  specialtiesHeading: 'Especialidades',
  recentHeading: 'Trabalhos recentes',
  allCases: (count) => `Todos os ${count} casos do portfólio`,
  journeysHeading: 'Formas de trabalhar juntos',
  sectionsHeading: 'Explore o catálogo',
  twinLabel: 'O catálogo inteiro em JSON',
  twinNote: 'Tudo o que está neste site também é publicado como dados.',
};
