/** Paths of discovery documents that several modules name (kept apart so none of them import each other). */

/** Where llms.txt is published. */
export const LLMS_TXT_PATH = '/llms.txt';
