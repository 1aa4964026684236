/**
 * The part of Pagefind's Node API the search index uses. pagefind 1.5.2 names types/index.d.ts in
 * its package.json but does not ship it.
 */
declare module 'pagefind' {
  export interface PagefindServiceConfig {
    rootSelector?: string;
    excludeSelectors?: string[];
    forceLanguage?: string;
    verbose?: boolean;
    keepIndexUrl?: boolean;
    writePlayground?: boolean;
  }
  export interface PagefindIndex {
    addDirectory(directory: { path: string; glob?: string }): Promise<{ errors: string[]; page_count: number }>;
    addCustomRecord(record: {
      url: string;
      content: string;
      language: string;
      meta?: Record<string, string>;
      filters?: Record<string, string[]>;
    }): Promise<{ errors: string[] }>;
    writeFiles(options: { outputPath: string }): Promise<{ errors: string[]; outputPath: string }>;
    getFiles(): Promise<{ errors: string[]; files: { path: string; content: Uint8Array }[] }>;
    deleteIndex(): Promise<null>;
  }
  export function createIndex(config?: PagefindServiceConfig): Promise<{ errors: string[]; index?: PagefindIndex }>;
  export function close(): Promise<null>;
}
