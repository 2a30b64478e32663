/** A day in the user's time zone as addresses and file names write it: `yyyy-mm-dd`. */
export function localDay(at: number | Date): string {
  const date = new Date(at);
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
}
