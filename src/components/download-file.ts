import { localDay } from '../links/local-day';

/** A file made in the browser: its name, MIME type and text. */
export interface DownloadableFile {
  name: string;
  type: string;
  content: string;
}

export type ExportFormat = 'csv' | 'json';

/** `calculated-fields-2026-11-22.csv`: what it holds, dated in the user's time zone. */
export function datedFileName(stem: string, format: ExportFormat, now: Date): string {
  return `${stem}-${localDay(now)}.${format}`;
}

/** Hands a file built in the browser to the user's downloads, without a server round-trip. */
export function downloadFile({ name, type, content }: DownloadableFile): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a minute is plenty.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
