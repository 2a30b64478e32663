/**
 * A field's name as the store keeps it: trimmed. `fieldNameSchema` (template-writes.ts)
 * checks a name so and stores it so; what a name reads as (hidden-characters.ts,
 * `readsAs`) is trimmed by it too. Without zod, so the first screen can load it.
 */
export function nameAsStored(name: string): string {
  return name.trim();
}
