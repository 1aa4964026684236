/**
 * A worker's log destination when stdout is a pipe or a socket: lines leave through a non-blocking
 * libuv stream, in batches, cheaper per line than sonic-boom's thread-pool writes (docs/benchmark.md).
 * Opening the stream makes the pipe non-blocking for every process sharing it; the primary's
 * synchronous writes (sonic-boom) wait and retry when it is full.
 *
 * One write of whole lines, at most `maxWrite` bytes, is in flight at a time (so the stream never
 * joins chunks into a larger writev): lines of workers sharing a pipe never interleave. Past
 * `maxLength` bytes waiting, lines are dropped, each with a 'drop' event.
 */
import { EventEmitter } from 'node:events';
import net from 'node:net';
import type { Writable } from 'node:stream';

interface LineWriterOptions {
  /** Most bytes in one write (PIPE_BUF, for atomic writes). */
  maxWrite: number;
  /** Bytes waiting that start writing all of them; fewer wait for the periodic flush. */
  minLength: number;
  /** Most bytes held for a stalled reader. */
  maxLength: number;
  /** Milliseconds between flushes of what is waiting. */
  periodicFlush: number;
}

export class LineWriter extends EventEmitter {
  /** Chunks of whole lines, oldest first; the last one is still filling. */
  #texts = [''];
  /** Bytes in the chunk still filling (the others are full: their size is counted when written). */
  #fillingBytes = 0;
  /** Bytes waiting or in flight. */
  #held = 0;
  #writing = false;
  /** True from a flush() (or minLength bytes waiting) until everything waiting has been written. */
  #flushing = false;
  #closed = false;
  #whenFlushed: (() => void)[] = [];
  readonly #stream: Writable;
  readonly #options: LineWriterOptions;

  constructor(stream: Writable, options: LineWriterOptions) {
    super();
    this.#stream = stream;
    this.#options = options;
    // A closed stdout (EPIPE): nobody will read the log again, so drop it rather than crash.
    stream.on('error', () => this.#close());
    setInterval(() => this.flush(), options.periodicFlush).unref();
  }

  /** A writer on a file descriptor that is a pipe or a socket. */
  static onDescriptor(fd: number, options: LineWriterOptions): LineWriter {
    return new LineWriter(new net.Socket({ fd, readable: false, writable: true }), options);
  }

  /** Queues one or more whole lines; false when they were dropped. */
  write(lines: string): boolean {
    const bytes = Buffer.byteLength(lines);
    if (this.#closed || this.#held + bytes > this.#options.maxLength) {
      this.emit('drop', lines);
      return false;
    }
    if (this.#fillingBytes !== 0 && this.#fillingBytes + bytes > this.#options.maxWrite) {
      this.#texts.push(lines);
      this.#fillingBytes = bytes;
    } else {
      this.#texts[this.#texts.length - 1] += lines;
      this.#fillingBytes += bytes;
    }
    this.#held += bytes;
    this.#writeNext();
    return true;
  }

  /** Writes everything waiting, then calls `done`. */
  flush(done?: () => void): void {
    if (done) this.#whenFlushed.push(done);
    this.#flushing = true;
    this.#writeNext();
  }

  #writeNext(): void {
    if (this.#writing) return;
    if (this.#held === 0) return this.#flushed();
    // Lines wait until minLength bytes do, then everything waiting is written, a chunk after the
    // other, as a flush: the reader is woken once a batch, not once a chunk.
    if (!this.#flushing) {
      if (this.#held < this.#options.minLength) return;
      this.#flushing = true;
    }
    const text = this.#texts.shift()!;
    if (this.#texts.length === 0) {
      this.#texts.push('');
      this.#fillingBytes = 0;
    }
    this.#writing = true;
    this.#stream.write(text, (error) => {
      this.#writing = false;
      if (error) return this.#close();
      this.#held -= Buffer.byteLength(text);
      this.#writeNext();
    });
  }

  #flushed(): void {
    this.#flushing = false;
    for (const done of this.#whenFlushed.splice(0)) done();
  }

  #close(): void {
    this.#closed = true;
    this.#texts = [''];
    this.#fillingBytes = 0;
    this.#held = 0;
    this.#flushed();
  }
}
