import { ownerNamedWithId } from '../../contract/owner-words';
import { useDirectoryNames } from '../../api/directory/lookup-directory';
import type { CalculatedField } from '../../contract/field';
import { showHiddenCharacters } from '../../contract/hidden-characters';

/** An owner in a change's words: "Ada Lovelace (owner 101)" where the instance names them, else the id. */
export type OwnerWords = (owner: number) => string;

export const ownerIdWords: OwnerWords = (owner) => String(owner);

/**
 * The owners a change hands a field between, in words, named as the table and the
 * drawer name them (the directory, or the instance's users where there is none).
 * Nothing is asked when the change keeps the owner.
 */
export function useOwnerWords(
  before: CalculatedField | null,
  after: CalculatedField | null,
): OwnerWords {
  const handedOver = before !== null && after !== null && before.owner !== after.owner;
  const { names } = useDirectoryNames({ owners: handedOver ? [before.owner, after.owner] : [] });
  return (owner) => {
    const name = names.owners.get(owner)?.name;
    return name === undefined ? String(owner) : ownerNamedWithId(showHiddenCharacters(name), owner);
  };
}
