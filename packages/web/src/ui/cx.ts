// Joins class names, skipping empty ones (the primitives add their modifier classes with it).
export function cx(...names: ReadonlyArray<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
