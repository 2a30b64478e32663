/** Where the Activity page shows one change set. */
export const changeSetAddress = (id: number) =>
  `/activity?${new URLSearchParams({ changeSet: String(id) })}`;
