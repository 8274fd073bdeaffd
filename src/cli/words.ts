// English counts in every message of the command: "1 document", "2 documents".

/** `count(1, "document")` → "1 document"; `count(2, "entry", "entries")` → "2 entries". */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
