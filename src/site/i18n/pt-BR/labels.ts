/** Textos da interface em português: os rótulos das enumerações do catálogo. */
import type { LABELS } from '../en-US/labels.ts';

export const LABELS_PT: typeof LABELS = {
  stackKinds: {
    language: 'Linguagem',
    framework: 'Framework',
    runtime: 'Runtime',
    library: 'Biblioteca',
    database: 'Banco de dados',
    tooling: 'Ferramenta',
    platform: 'Plataforma',
    standard: 'Padrão',
  },
  stackKindPlurals: {
    language: 'Linguagens',
    framework: 'Frameworks',
    runtime: 'Runtimes',
    library: 'Bibliotecas',
    database: 'Bancos de dados',
    tooling: 'Ferramentas',
    platform: 'Plataformas',
    standard: 'Padrões',
  },
  projectStatuses: {
    active: 'Ativo',
    maintained: 'Em manutenção',
    archived: 'Arquivado',
  },
  surfaceKinds: {
    website: 'Site',
    api: 'API',
    export: 'Exportação',
    documentation: 'Documentação',
    cli: 'CLI',
    package: 'Pacote',
    feed: 'Feed',
  },
  audiences: {
    founders: 'Fundadores',
    'product-teams': 'Times de produto',
    agencies: 'Agências',
    developers: 'Desenvolvedores',
  },
  stages: {
    discover: 'Descobrir',
    evaluate: 'Avaliar',
    engage: 'Contratar',
    operate: 'Operar',
  },
  trustKinds: {
    contact: 'Contato',
    'social-proof': 'Prova social',
    policy: 'Políticas publicadas',
  },
  owners: {
    brand: 'O estúdio',
    personal: 'A fundadora',
  },
  linkKinds: {
    website: 'Site',
    code: 'Código',
    social: 'Redes sociais',
    contact: 'Contato',
    documentation: 'Documentação',
    data: 'Dados',
  },
};
