/**
 * Textos da interface em português: ferramentas, a bancada (/workbench/) e a referência da API (/openapi/).
 *
 * Uma frase com código ou links no meio é dividida em volta deles; cada trecho que continua uma
 * frase traz os próprios espaços. Os textos de `panel` e as mensagens do console são lidos por
 * scripts no navegador: seus valores levam marcadores `{nome}`, preenchidos pelo script.
 */
import type { TOOLS } from '../en-US/tools.ts';

export const TOOLS_PT: typeof TOOLS = {
  workbench: {
    checksHeading: 'O que o painel verifica',
    readsFrom: 'O painel lê a tabela de rotas em ',
    exportsFrom: ' e as exportações em ',
    loadsAndChecks: ', depois carrega cada recurso, quatro por vez, e verifica cada um no seu navegador:',

    api: {
      label: 'Respostas da API:',
      envelope: ' o envelope está completo e bem tipado (',
      timestampBefore: ', um ',
      timestampAfter: ' com milissegundos, ',
      headerBefore: '); o cabeçalho ',
      headerEquals: ' é igual a ',
      unique: ', e duas respostas nunca repetem o mesmo; ',
      and: ' e ',
      echo: ' repetem os da requisição; o payload é válido segundo o seu schema no contrato.',
    },
    exports: {
      label: 'Exportações:',
      text: ' JSON válido, igual ao payload do endpoint que elas espelham.',
    },
    agents: {
      label: 'Para agentes:',
      endpoint: ' o endpoint MCP ',
      answers: ' responde a ',
      rest: ' com ferramentas somente leitura que trazem schemas de entrada e de saída, e o gêmeo em Markdown de cada tipo de página é Markdown que começa com o título da página.',
    },
    discovery: {
      label: 'Descoberta:',
      text: ' toda URL do inventário responde 200, e o inventário conta tantas páginas, endpoints e exportações quanto a auditoria; llms.txt, robots.txt e o sitemap estão bem formados.',
    },

    liveHeading: 'Execução ao vivo',
    starting: 'Iniciando…',
    runAgain: 'Rodar de novo',
    caption: 'Cada recurso com suas verificações; as linhas com falha vêm primeiro quando a execução termina.',
    columns: {
      resource: 'Recurso',
      result: 'Resultado',
      http: 'HTTP',
      ms: 'ms',
      bytes: 'Bytes',
      checks: 'Verificações',
    },

    resourcesHeading: (n) => `Os ${n} recursos`,
    noScript: 'O painel ao vivo roda com JavaScript. Sem ele, cada recurso está a um link de distância:',
    endpoints: (n) => `Endpoints (${n})`,
    exportsHeading: (n) => `Exportações (${n})`,
    documents: (n) => `Documentos (${n})`,
    pages: (n) => `Páginas (${n})`,
    twins: (n) => `Gêmeos em Markdown (${n})`,
    exportOf: (endpoint) => `Exportação estática de ${endpoint}`,
    twinSummary: 'O gêmeo em Markdown de uma página',
    pageSummary: 'Uma página do site',

    panel: {
      readingRoutes: 'Lendo a tabela de rotas…',
      progress: '{loaded}/{total} recursos carregados',
      allPassed: 'Todas as verificações passaram',
      someFailed: 'Verificações com falha: {failed}',
      summary: '{checks} verificações em {resources} recursos ({failing} com falha); veredito {ms} ms {since}.',
      afterLoad: 'após o carregamento da página',
      afterRerun: 'após o clique em Rodar de novo',
      stopped: 'A execução parou: {reason}',
      marks: { pass: 'passou', fail: 'falhou', pending: 'verificando' },
      kinds: {
        endpoint: 'endpoint',
        export: 'exportação',
        document: 'documento',
        mcp: 'mcp',
        page: 'página',
        twin: 'gêmeo em Markdown',
      },
    },
  },

  reference: {
    operations: (n) => (n === 1 ? 'operação' : 'operações'),
    openapi: 'OpenAPI',
    version: 'versão',
    baseUrl: 'URL base',
    documentLink: 'O documento OpenAPI',
    console: 'Console interativo',
    errorsHeading: 'Códigos de erro',

    overviewHeading: 'Como a API responde',
    overview: {
      documentAt: 'O contrato é o documento OpenAPI em ',
      alsoServedAt: ', para qualquer ferramenta OpenAPI; a API também o serve em ',
      insideEnvelope: ' dentro do mesmo envelope, em ',
      noCredentials: '. Nenhuma operação exige credenciais.',
      etagBefore: ' As respostas trazem um ',
      sendBack: '; envie-o de volta em ',
      toGet304: ' para receber um 304.',
    },

    tocHeading: 'Operações por tag',

    errorsIntro: {
      envelope: 'Todo erro é um envelope cujo ',
      follows: ' segue a RFC 9457 (problem details) e acrescenta um ',
      afterCode: ' estável.',
      typeBefore: ' Seu ',
      typeLinks: ' leva à entrada do código, mais abaixo; decida pelo ',
      notDetail: ', não pelo texto de ',
    },
    http: 'HTTP',
    noErrorExample: 'Nenhuma requisição o produz de propósito, por isso ele não tem exemplo.',
    errorMeanings: {
      not_found:
        'Nenhum endpoint responde ao caminho, ou nenhuma entrada tem o slug. `allowed` lista os caminhos dos endpoints ou os slugs conhecidos; escolha um deles.',
      unknown_parameter:
        'A consulta nomeia um parâmetro que este endpoint não aceita. `parameter` diz qual é e `allowed` lista os aceitos; confira a grafia.',
      invalid_parameter:
        'Um valor está fora dos valores permitidos, não é um locale suportado, contém caracteres de controle ou percent-encoding malformado. `allowed` lista os valores quando há uma lista; codifique os valores com encodeURIComponent.',
      repeated_parameter:
        'Um parâmetro aparece mais de uma vez. Envie cada parâmetro uma vez só; filtros diferentes se combinam para estreitar o resultado.',
      too_long: (query, other) =>
        `Um valor é longo demais: q pode ter ${query} caracteres depois de tirados os espaços das pontas, qualquer outro parâmetro ${other}.`,
      method_not_allowed: (methods) =>
        `A API é somente leitura: ela responde apenas a ${methods}. O cabeçalho Allow e \`allowed\` listam esses métodos.`,
      internal_error:
        'O servidor falhou ao responder. Não há nada de errado com a requisição; a falha foi registrada com o request id que o envelope traz, então cite-o ao relatar o problema.',
      unavailable:
        'O processo que responde está sendo encerrado (só /api/health diz isso, com 503, para que os balanceadores de carga o tirem de rotação). Tente de novo: uma nova conexão chega a outro worker ou réplica.',
      rate_limited:
        'Este cliente enviou mais requisições do que sua cota permite na janela atual. Espere os segundos que Retry-After indica (o cabeçalho RateLimit mostra a cota restante e os segundos até ela se renovar) e tente de novo.',
      invalid_request:
        'A própria requisição está malformada antes de qualquer parâmetro ser lido: uma barra invertida, um NUL codificado ou um `..` acima da raiz no caminho, um alvo que não começa com `/`, ou dois cabeçalhos Host. Envie o caminho como um parser de URL o escreve.',
      too_large: 'A requisição traz um corpo maior do que o proxy da frente aceita. Requisições à API não têm corpo; não envie nenhum.',
      uri_too_long:
        'A linha de requisição é mais longa do que o proxy da frente aceita. Encurte a consulta: nenhum parâmetro precisa de mais do que algumas centenas de caracteres.',
      not_implemented:
        'A requisição usa uma codificação de transferência que o proxy da frente não implementa. Envie requisições sem corpo, ou com Content-Length.',
      version_not_supported: 'A requisição indica uma versão do HTTP que o servidor não fala. Use HTTP/1.1 (ou HTTP/1.0).',
    },

    consoleIntro:
      'O Swagger UI, servido por este site, para enviar requisições a todas as operações a partir desta página. Ele só carrega quando você pede.',
    consoleNeedsJs: 'O console precisa de JavaScript. Todo o resto desta página funciona sem ele.',
    consoleOpen: 'Abrir o console interativo',
    consoleLoading: 'Carregando o console interativo…',
    consoleOpened: 'O console interativo está aberto, com {count} operações.',
    consoleFailed: 'Não foi possível carregar o console interativo: {reason}.',

    operation: {
      operationId: 'operationId',
      parameters: 'Parâmetros',
      noParameters: 'Nenhum. Qualquer parâmetro de consulta recebe como resposta ',
      paramIn: (where) => `em ${where}`,
      required: 'obrigatório',
      optional: 'opcional',
      allowedValues: 'Valores permitidos',
      pattern: 'Expressão regular',
      length: 'Tamanho',
      maxLength: (n) => `no máximo ${n} caracteres`,
      default: 'Valor padrão',
      example: 'Exemplo',
      responses: 'Respostas',
      responsesOf: (operationId) => `Respostas de ${operationId}`,
      status: 'Status',
      meaning: 'Significado',
      body: 'Corpo',
      noBody: 'nenhum',
    },

    example: {
      request: 'Requisição',
      copyLabel: 'Copiar o comando curl',
      copy: 'Copiar',
      copied: 'Copiado',
      copyFailed: 'Não foi possível copiar',
      response: 'Resposta',
      abridged: 'resumida',
      abridgedNote:
        'Listas longas mostram só os primeiros itens; comentários marcam o que ficou de fora. O corpo completo está a uma requisição de distância.',
    },
  },
};
