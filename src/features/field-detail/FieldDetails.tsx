import { Alert, Stack } from '@mantine/core';
import { IconInfoCircle } from '../../components/icons/icons';
import type { FieldDetail } from '../../api/calculated-fields/get-field';
import { useFieldFindings } from '../../api/audit/field-findings';
import { AuditFindingsSection } from './audit/AuditFindingsSection';
import { problemsBeyondExpression } from './audit/beyond-expression';
import type { CalculatedField, SearchResultItem } from '../../contract/field';
import { DependenciesSection } from './dependencies/DependenciesSection';
import { ExpressionSection } from './expression/ExpressionSection';
import { useExpressionPlace } from './expression/use-expression-place';
import { useFieldExplanation, useFieldNames } from './explanation/use-field-explanation';
import { FunctionChips } from './functions/FunctionChips';
import { FieldActions } from './actions/FieldActions';
import { HistorySection } from './history/HistorySection';
import { LinksTable } from './links/LinksTable';
import { ProblemsSection } from './problems/ProblemsSection';
import { ReferencesSection } from './references/ReferencesSection';
import { FieldFacts } from './summary/FieldFacts';
import { FieldSummary } from './summary/FieldSummary';

/**
 * The drawer's content: the expression first and explained, then links, functions and
 * details. A `deleted` field is shown as it was, without its write actions.
 */
export function FieldDetails({
  detail,
  deleted = false,
}: {
  detail: FieldDetail;
  deleted?: boolean;
}) {
  return detail.complete ? (
    <CompleteDetails field={detail.field} detail={detail} deleted={deleted} />
  ) : (
    <SearchResultDetails field={detail.field} detail={detail} />
  );
}

function CompleteDetails({
  field,
  detail,
  deleted,
}: {
  field: CalculatedField;
  detail: FieldDetail;
  deleted: boolean;
}) {
  const explanation = useFieldExplanation(field);
  const place = useExpressionPlace();
  const { names, referencedFields, nested } = explanation;
  const ownerName = names.owners.get(field.owner)?.name;
  const audit = useFieldFindings(field.id);

  return (
    <Stack gap="lg">
      <FieldSummary field={field} ownerName={ownerName} deleted={deleted} />
      <FieldActions field={field} deleted={deleted} />
      <ExpressionSection expression={field.expression} explanation={explanation} place={place} />
      <ProblemsSection
        status={field.status}
        explanation={explanation}
        place={place}
        beyondExpression={problemsBeyondExpression(field.links, audit.answer)}
      />
      <AuditFindingsSection audit={audit} />
      <ReferencesSection explanation={explanation} place={place} />
      <DependenciesSection
        fieldId={field.id}
        referencedFields={referencedFields}
        checking={nested.some((item) => item.state === 'reading')}
      />
      <LinksTable explanation={explanation} />
      <FunctionChips functions={field.functions} />
      <HistorySection field={field} />
      <FieldFacts detail={detail} ownerName={ownerName} />
    </Stack>
  );
}

/** An instance without the detail route: what its search result holds. */
function SearchResultDetails({ field, detail }: { field: SearchResultItem; detail: FieldDetail }) {
  const { names, namesPending, sources } = useFieldNames(field);
  const ownerName = names.owners.get(field.owner)?.name;
  return (
    <Stack gap="lg">
      <FieldSummary field={field} ownerName={ownerName} />
      <Alert color="blue" icon={<IconInfoCircle />} title="Details are not available here">
        This instance does not offer field details, so this is what its search returns. The
        expression, its columns and functions, and the check sum are not shown.
      </Alert>
      <LinksTable explanation={{ sources, names, namesPending, checks: new Map() }} />
      <FieldFacts detail={detail} ownerName={ownerName} />
    </Stack>
  );
}
