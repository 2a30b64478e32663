/** What a deleted field's write actions say while the drawer still shows it. */
export const UNDO_THE_DELETE_FIRST = 'Undo the delete first';
