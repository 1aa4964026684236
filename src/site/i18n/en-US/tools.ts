/**
 * Interface strings in English: tools, the workbench (/workbench/) and the API reference (/openapi/).
 *
 * A sentence with code or links inside is split around them; each fragment that continues a
 * sentence carries its own spaces, so the page puts elements right against it.
 *
 * The strings under `panel`, and the console's messages, are read by scripts in the browser: they
 * travel as JSON, so their values are `{name}` placeholders the script fills, not functions.
 */
import type { ErrorCode } from '../../../schemas/errors.ts';

export const TOOLS = {
  /** The workbench page: its explanation, the live table's frame and the list of resources. */
  workbench: {
    checksHeading: 'What the panel checks',
    /** Before the link to the route table (the contract). */
    readsFrom: 'The panel reads the route table from ',
    /** Between the contract's link and the audit's. */
    exportsFrom: ' and the exports from ',
    /** After the audit's link, before the list of checks. */
    loadsAndChecks: ', then loads every resource, four at a time, and checks each one in your browser:',

    /** The checks of API responses, split around request_id, timestamp, the envelope's members and X-Request-Id. */
    api: {
      label: 'API responses:',
      envelope: ' the envelope is complete and well-typed (',
      /** Between request_id and timestamp. */
      timestampBefore: ', a ',
      /** After timestamp, before method, path, query and payload. */
      timestampAfter: ' with milliseconds, ',
      /** After the list of members, before X-Request-Id. */
      headerBefore: '); the ',
      /** Between X-Request-Id and request_id. */
      headerEquals: ' header equals ',
      /** After request_id, before path. */
      unique: ', and no two responses share one; ',
      /** Between path and query. */
      and: ' and ',
      /** After query. */
      echo: ' echo the request; the payload validates against its schema in the contract.',
    },
    exports: {
      label: 'Exports:',
      text: ' valid JSON, equal to the payload of the endpoint they mirror.',
    },
    /** Split around the MCP endpoint's path and tools/list. */
    agents: {
      label: 'For agents:',
      endpoint: ' the MCP endpoint ',
      answers: ' answers ',
      rest: " with read-only tools that carry input and output schemas, and a Markdown twin of each kind of page is Markdown that opens with the page's heading.",
    },
    discovery: {
      label: 'Discovery:',
      text: ' every URL of the inventory answers 200, and the inventory counts as many pages, endpoints and exports as the audit; llms.txt, robots.txt and the sitemap are well-formed.',
    },

    /** The live panel, shown when scripts run. */
    liveHeading: 'Live run',
    starting: 'Starting…',
    runAgain: 'Run again',
    caption: 'Every resource with its checks; failing rows come first once the run ends.',
    columns: {
      resource: 'Resource',
      result: 'Result',
      http: 'HTTP',
      ms: 'ms',
      bytes: 'Bytes',
      checks: 'Checks',
    },

    /** The list of resources, for readers without JavaScript. */
    resourcesHeading: (n: number) => `The ${n} resources`,
    noScript: 'The live panel runs with JavaScript. Without it, each resource is one link away:',
    endpoints: (n: number) => `Endpoints (${n})`,
    exportsHeading: (n: number) => `Exports (${n})`,
    documents: (n: number) => `Documents (${n})`,
    pages: (n: number) => `Pages (${n})`,
    twins: (n: number) => `Markdown twins (${n})`,
    /** What an export is, after its link. */
    exportOf: (endpoint: string) => `Static export of ${endpoint}`,
    twinSummary: 'The Markdown twin of a page',
    pageSummary: 'A page of the site',

    /**
     * What the panel's script writes while it runs. The checks' own names and reasons stay in
     * English (they quote headers, members and schema errors), marked so on other languages' pages.
     */
    panel: {
      readingRoutes: 'Reading the route table…',
      progress: '{loaded}/{total} resources loaded',
      /** The verdict, exactly as specified: the same pattern for any number, so scripts can match it. */
      allPassed: 'All checks passed',
      someFailed: '{failed} checks failed',
      /** Below the verdict; `since` is afterLoad or afterRerun. */
      summary: '{checks} checks on {resources} resources ({failing} failing); verdict {ms} ms {since}.',
      afterLoad: 'after page load',
      afterRerun: 'after Run again',
      /** The workbench itself failed (not a check). */
      stopped: 'The run stopped: {reason}',
      /** The word beside each mark (colour is never the only signal). */
      marks: { pass: 'pass', fail: 'fail', pending: 'checking' },
      /** Under each resource's URL: what it is. */
      kinds: {
        endpoint: 'endpoint',
        export: 'export',
        document: 'document',
        mcp: 'mcp',
        page: 'page',
        twin: 'twin',
      },
    },
  },

  /** The API reference: its own text; the contract's summaries and descriptions stay as the contract gives them. */
  reference: {
    /** After the number of operations, in bold. */
    operations: (n: number): string => (n === 1 ? 'operation' : 'operations'),
    /** Before the OpenAPI version, in bold. */
    openapi: 'OpenAPI',
    /** Before the API's version, in bold. */
    version: 'version',
    /** Before the base URL. */
    baseUrl: 'base URL',
    documentLink: 'The OpenAPI document',
    /** The console's link, heading and region name. */
    console: 'Interactive console',
    errorsHeading: 'Error codes',

    overviewHeading: 'How the API answers',
    /** Split around the document's link, the enveloped contract's link, payload, ETag and If-None-Match. */
    overview: {
      documentAt: 'The contract is the OpenAPI document at ',
      alsoServedAt: ', for any OpenAPI tool; the API also serves it at ',
      insideEnvelope: ' inside the same envelope, under ',
      noCredentials: '. No operation needs credentials.',
      etagBefore: ' Responses carry an ',
      sendBack: '; send it back in ',
      toGet304: ' to get a 304.',
    },

    tocHeading: 'Operations by tag',

    /** Split around error, code, type, code and detail. */
    errorsIntro: {
      envelope: 'Every error is an envelope whose ',
      follows: ' follows RFC 9457 (problem details) and adds a stable ',
      /** Right after code (where an adjective would follow it). */
      afterCode: '.',
      typeBefore: ' Its ',
      typeLinks: " links to the code's entry below; switch on ",
      notDetail: ', not on the wording of ',
    },
    /** Before an error code's status, in bold. */
    http: 'HTTP',
    noErrorExample: 'No request produces it on purpose, so it has no example.',
    /** What each stable code means for a client, and how to fix the request. */
    errorMeanings: {
      not_found:
        'No endpoint answers the path, or no entry has the slug. `allowed` lists the endpoint paths or the known slugs; pick one of them.',
      unknown_parameter:
        'The query names a parameter this endpoint does not accept. `parameter` names it and `allowed` lists the accepted ones; check the spelling.',
      invalid_parameter:
        'A value is outside its allowed values, is not a supported locale, holds control characters or malformed percent-encoding. `allowed` lists the values when there is a list; encode values with encodeURIComponent.',
      repeated_parameter: 'A parameter appears more than once. Send each parameter once; different filters combine to narrow the result.',
      too_long: (query: number, other: number) =>
        `A value is too long: q may hold ${query} characters after trimming, any other parameter ${other}.`,
      method_not_allowed: (methods: string) =>
        `The API is read-only: it answers ${methods} only. The Allow header and \`allowed\` list them.`,
      internal_error:
        'The server failed to answer. Nothing is wrong with the request; the failure was logged under the request id the envelope carries, so quote it when you report it.',
      unavailable:
        'The process answering is shutting down (only /api/health says so, with 503, so load balancers take it out of rotation). Retry: a new connection reaches another worker or replica.',
      rate_limited:
        'This client sent more requests than its quota allows in the current window. Wait the seconds Retry-After gives (the RateLimit header counts down the quota left and the seconds until it refills), then retry.',
      invalid_request:
        'The request itself is malformed before any parameter is read: a backslash, an encoded NUL or a `..` above the root in the path, a target that does not start with `/`, or two Host headers. Send the path as a URL parser writes it.',
      too_large: 'The request carries a body larger than the front proxy accepts. API requests carry no body; send none.',
      uri_too_long:
        'The request line is longer than the front proxy accepts. Shorten the query: no parameter needs more than a few hundred characters.',
      not_implemented:
        'The request uses a transfer coding the front proxy does not implement. Send requests without a body, or with Content-Length.',
      version_not_supported: 'The request names an HTTP version the server does not speak. Use HTTP/1.1 (or HTTP/1.0).',
    } satisfies Record<ErrorCode, unknown>,

    consoleIntro:
      'Swagger UI, served from this site, to send requests to every operation from this page. It loads only when you ask for it.',
    consoleNeedsJs: 'The console needs JavaScript. Everything else on this page works without it.',
    consoleOpen: 'Open the interactive console',
    /** The console's status line, written by the page's script. */
    consoleLoading: 'Loading the interactive console…',
    consoleOpened: 'The interactive console is open with {count} operations.',
    consoleFailed: 'The interactive console could not load: {reason}.',

    /** One operation. */
    operation: {
      /** Before the operationId. */
      operationId: 'operationId',
      parameters: 'Parameters',
      /** Before the link to unknown_parameter; a full stop follows it. */
      noParameters: 'None. Any query parameter is answered with ',
      /** Where the parameter goes (path, query). */
      paramIn: (where: string) => `in ${where}`,
      required: 'required',
      optional: 'optional',
      allowedValues: 'Allowed values',
      pattern: 'Pattern',
      length: 'Length',
      maxLength: (n: number) => `at most ${n} characters`,
      default: 'Default',
      example: 'Example',
      responses: 'Responses',
      /** The responses table's caption, for screen readers. */
      responsesOf: (operationId: string) => `Responses of ${operationId}`,
      status: 'Status',
      meaning: 'Meaning',
      body: 'Body',
      noBody: 'none',
    },

    /** A real exchange: the curl command and the answer. */
    example: {
      request: 'Request',
      copyLabel: 'Copy the curl command',
      /** The copy button, and what it says for two seconds after a click. */
      copy: 'Copy',
      copied: 'Copied',
      copyFailed: 'Copy failed',
      response: 'Response',
      abridged: 'abridged',
      abridgedNote: 'Long lists show their first items; comments mark what was left out. The full body is one request away.',
    },
  },
};
