/** Textos da interface em português: as páginas sobre pessoas e formas de trabalhar juntos (jornadas, confiança, sobre, perfis, links). */
import type { PEOPLE } from '../en-US/people.ts';

export const PEOPLE_PT: typeof PEOPLE = {
  journeys: {
    eyebrow: (n) => `${n} ${n === 1 ? 'forma' : 'formas'} de trabalhar juntos`,
    nav: 'Jornadas nesta página',
    audienceStage: (audience, stage) => `Para ${audience} · etapa: ${stage}`,
    steps: 'Etapas',
    links: 'Pelo caminho',
    commercial: 'Contexto comercial',
    offer: 'Oferta',
    pricing: 'Preço',
    duration: 'Duração',
    twinLabel: 'JSON de todas as jornadas',
  },
  trust: {
    eyebrow: (n) => `${n} ${n === 1 ? 'sinal' : 'sinais'} de confiança`,
    nav: 'Sinais de confiança por tipo',
    evidence: 'Confira por conta própria:',
    email: (address) => `E-mail ${address}`,
    twinLabel: 'JSON de todos os sinais de confiança',
  },
  about: {
    basedIn: 'Sede',
    founded: 'Fundação',
    email: 'E-mail',
    studio: 'O estúdio',
    specialties: 'Especialidades',
    specialtiesOrder: 'Em ordem de importância.',
    founder: 'Fundadora',
    founderProfile: (name) => `Perfil público de ${name}`,
    channels: 'Canais',
    channelsNote: {
      start: 'Todos os endereços públicos estão na ',
      links: 'página de links',
      middle: '; as contas de código estão na ',
      profiles: 'página de perfis',
      end: '.',
    },
    twinLabel: 'JSON do perfil do estúdio',
  },
  profiles: {
    eyebrow: (n) => `${n} ${n === 1 ? 'conta' : 'contas'}`,
    account: (name) => `conta de ${name}`,
    repositories: 'Repositórios públicos',
    noRepositories: 'Nenhum repositório público ainda.',
    references: 'Comece por aqui',
    twinLabel: 'JSON dos dois perfis',
  },
  links: {
    eyebrow: (n) => `${n} ${n === 1 ? 'link público' : 'links públicos'}`,
    twinLabel: 'JSON de todos os links',
  },
};
