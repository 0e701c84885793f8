// Reading a JSON text as sent, for the fake PayPal, which checks signatures over exact bytes.

/**
 * The exact text of a top-level member's value in a JSON object's text, or null: the bytes as
 * sent, not as a parser would write them again.
 */
export function rawMember(text: string, key: string): string | null {
  let depth = 0;
  let pendingKey: string | null = null;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at]!;
    if (char === '"') {
      let end = at + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      if (depth === 1 && pendingKey === null && /^\s*:/.test(text.slice(end + 1))) {
        pendingKey = JSON.parse(text.slice(at, end + 1)) as string;
      }
      at = end;
    } else if (char === ':' && depth === 1 && pendingKey !== null) {
      if (pendingKey !== key) {
        pendingKey = null;
        continue;
      }
      // The value runs to the comma or brace that closes it at this depth.
      let start = at + 1;
      while (/\s/.test(text[start]!)) start += 1;
      let inner = 0;
      for (let end = start; end < text.length; end += 1) {
        const next = text[end]!;
        if (next === '"') {
          end += 1;
          while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
        } else if (next === '{' || next === '[') inner += 1;
        else if (next === '}' || next === ']' || next === ',') {
          if (inner === 0) return text.slice(start, end).trimEnd();
          if (next !== ',') inner -= 1;
        }
      }
      return null;
    } else if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') depth -= 1;
    else if (char === ',' && depth === 1) pendingKey = null;
  }
  return null;
}
