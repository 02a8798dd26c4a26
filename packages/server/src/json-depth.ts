/**
 * How deeply a JSON text nests, found without parsing it and without recursion, so that a
 * body nested thousands deep is refused at the edge before any parser of ours walks it (a
 * recursive walk of 30,000 levels overflows the stack).
 */

/** JSON nested deeper than this (objects and arrays) is refused. */
export const MAX_JSON_DEPTH = 32;

/** Whether `text` opens more than `max` objects or arrays inside one another. */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}
