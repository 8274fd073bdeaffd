/** A Thai namespace's type: every key of its English twin, each a text. */
export type Same<T> = Record<keyof T, string>;
