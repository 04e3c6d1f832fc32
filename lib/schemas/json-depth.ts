/**
 * How deeply a JSON text nests arrays and objects, read in one pass without recursion: a text nested
 * too deeply for a recursive reader (JSON.stringify, a schema, the SDK's marshaller overflow the stack
 * at a few thousand levels) is measured all the same, before anything recursive touches it.
 */
export function jsonNestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i++; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x7b || code === 0x5b) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (code === 0x7d || code === 0x5d) {
      depth--;
    }
  }
  return deepest;
}

/** DynamoDB stores documents nested at most 32 levels deep; a product event may nest no deeper as a whole. */
export const MAX_EVENT_NESTING = 32;
