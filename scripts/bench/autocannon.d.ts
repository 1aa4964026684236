/** The part of autocannon's API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface Request {
    method?: string;
    path: string;
    headers?: Record<string, string>;
  }

  export interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    requests?: Request[];
    /** Seconds before a request counts as a timeout. */
    timeout?: number;
  }

  export interface Result {
    requests: { total: number; average: number };
    /** Seconds, to the hundredth. */
    duration: number;
    errors: number;
    timeouts: number;
    statusCodeStats: Record<string, { count: number }>;
    latency: { p50: number; p99: number };
  }

  /** Emits `response` (client, status, bytes, milliseconds) for every answered request. */
  export type Instance = EventEmitter;

  export default function autocannon(options: Options, done: (error: Error | null, result: Result) => void): Instance;
}
