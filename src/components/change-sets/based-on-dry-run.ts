import type { ChangeSetRequest, Plan } from '../../contract/journal';

/**
 * The change as the person confirms it: each item that names no version of its own is
 * based on the version its dry run showed, so a field changed after the dry run was
 * read (in another tab, by another program) is skipped as `changed-since`, not changed
 * or deleted unseen.
 */
export function basedOnDryRun(request: ChangeSetRequest, plan: Plan): ChangeSetRequest {
  const shown = new Map(plan.items.map((item) => [item.id, item.before]));
  return {
    ...request,
    items: request.items.map((item) => {
      const before = shown.get(item.id);
      if (item.basedOn || !before) return item;
      return {
        ...item,
        basedOn: { checkSum: before.checkSum, lastModified: before.lastModified },
      };
    }),
  };
}
