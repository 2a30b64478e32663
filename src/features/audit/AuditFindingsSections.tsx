import { Alert } from '@mantine/core';
import { useAuditStatus } from '../../api/audit/audit-status';
import { useFindings, useTrend } from '../../api/audit/findings';
import { useFollowAuditVersion } from '../../api/audit/follow-audit-version';
import { useScans } from '../../api/audit/scans';
import { ErrorState } from '../../components/ErrorState';
import type { FindingsAnswer } from '../../contract/audit';
import { fixFirstPlaceholder, scanPanelPlaceholder } from './AuditPlaceholders';
import { AuditSection } from './AuditSection';
import { FindingCard } from './FindingCard';
import { fixOrder } from './fix-first';
import { FixFirstList } from './FixFirstList';
import { FindingsFreshness } from './FindingsFreshness';
import { ProblemsTable } from './ProblemsTable';
import { FailedScanNotice, ScanPanel } from './ScanPanel';
import { ScanDiff } from './ScanDiff';
import { TrendSection } from './TrendSection';

/** The top of the page: the findings worth fixing, most urgent first. */
export function FixFirstSection() {
  const findings = useFindings();
  const trend = useTrend();
  if (findings.isPending) return fixFirstPlaceholder;
  const answer = findings.data;
  if (!answer) return null;
  return (
    <AuditSection title="Fix these first">
      <FindingsFreshness
        scanFinished={answer.scanFinished}
        changesSinceScan={answer.changesSinceScan}
      />
      <FixFirstList answer={answer} points={trend.data?.points} />
    </AuditSection>
  );
}

/** Findings with fields, in the order the list ranks them; nested, not a problem in itself, last. */
const detailOrder = [...fixOrder, 'nested' as const];

function Findings({ answer }: { answer: FindingsAnswer }) {
  const shown = detailOrder.flatMap((key) =>
    answer.findings.filter((finding) => finding.key === key && finding.count > 0),
  );
  return (
    <>
      <AuditSection title="Findings of the latest scan">
        {!answer.columnsKnown && (
          <Alert variant="light" color="yellow" title="Columns inferred">
            This instance does not list its data sources’ columns, so broken references are judged
            by the links’ own validity. Data sources and cards it does not name are shown by id.
          </Alert>
        )}
        {shown.map((finding) => (
          <FindingCard key={finding.key} finding={finding} />
        ))}
      </AuditSection>
      <AuditSection title="Who owns the problems">
        <ProblemsTable title="By owner" by="owner" table={answer.owners} />
        <ProblemsTable title="By data source" by="dataSource" table={answer.dataSources} />
      </AuditSection>
    </>
  );
}

/** Below the numbers: the scans, the findings in detail and their change over time. */
export function ScansAndFindingsSections() {
  // Everything the page shows is asked for at once; the answers follow the status's version.
  const status = useAuditStatus();
  const findings = useFindings();
  const scans = useScans();
  useFollowAuditVersion(status.data?.version, findings.data?.version);
  const lastScan = scans.data?.scans[0];
  return (
    <>
      {status.isPending && scanPanelPlaceholder}
      {status.isError && (
        <ErrorState
          title="The audit could not be reached"
          error={status.error}
          onRetry={() => void status.refetch()}
        />
      )}
      {status.data && <ScanPanel status={status.data} />}
      {lastScan &&
        !status.data?.runningScan &&
        (lastScan.state === 'failed' || lastScan.state === 'cancelled') && (
          <FailedScanNotice scan={lastScan} />
        )}
      {findings.isError && (
        <ErrorState
          title="The findings could not be loaded"
          error={findings.error}
          onRetry={() => void findings.refetch()}
        />
      )}
      {findings.data && <Findings answer={findings.data} />}
      {findings.data && (
        <AuditSection title="Change over time">
          <TrendSection />
          {scans.isError && (
            <ErrorState
              title="The scans could not be listed"
              error={scans.error}
              onRetry={() => void scans.refetch()}
            />
          )}
          {scans.data && <ScanDiff scans={scans.data.scans} />}
        </AuditSection>
      )}
    </>
  );
}
