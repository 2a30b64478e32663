import type { FixTarget } from '../../links/fix-link';

/** Each fix's name: the /fix page's title when it is open, its link in the list of fixes. */
export const fixTitles: Record<FixTarget['workflow'], string> = {
  cleanup: 'Clean up unused fields',
  merge: 'Merge duplicates',
  remap: 'Column impact and remap',
  handover: 'Hand over fields',
  replace: 'Find and replace',
  'hidden-names': 'Remove hidden characters from names',
};
