/** Textos da interface em português: tools. */
import type { TOOLS } from '../en-US/tools.ts';

export const TOOLS_PT: typeof TOOLS = {};
