import { useQuery } from '@tanstack/react-query';
import { appConfigQuery } from '../../../api/app-config';
import { useValueAfterPaint } from '../../../components/use-value-after-paint';
import type { CopySortField } from '../../../contract/copy-orders';

const none: readonly CopySortField[] = [];
const select = (config: { copySorts?: CopySortField[] }) => config.copySorts ?? none;

/**
 * The sorts production lacks that this server answers from its copy; none until it says.
 * Asked once the table has painted: the config is read with its schema, and with it zod,
 * which the first screen does not load (docs/web-app.md, "Loading").
 */
export function useCopySorts(): readonly CopySortField[] {
  const painted = useValueAfterPaint(true, false);
  return useQuery({ ...appConfigQuery, select, enabled: painted }).data ?? none;
}
