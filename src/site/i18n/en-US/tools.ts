/** Interface strings in English: tools. */
export const TOOLS = {};
