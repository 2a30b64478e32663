// The icons the app draws, from Tabler Icons 3.51 (https://tabler.io/icons, MIT: see
// LICENSE beside this file): each is its name and the paths of its outline. Kept here
// rather than as the package, whose 5,000 icons in 17,800 files were a fifth of a fresh
// install.
import { outlineIcon } from './outline-icon';

export const IconAlertCircle = outlineIcon('alert-circle', [
  'M3 12a9 9 0 1 0 18 0a9 9 0 0 0 -18 0',
  'M12 8v4',
  'M12 16h.01',
]);
export const IconAlertTriangle = outlineIcon('alert-triangle', [
  'M12 9v4',
  'M10.363 3.591l-8.106 13.534a1.914 1.914 0 0 0 1.636 2.871h16.214a1.914 1.914 0 0 0 1.636 -2.87l-8.106 -13.536a1.914 1.914 0 0 0 -3.274 0',
  'M12 16h.01',
]);
export const IconArchive = outlineIcon('archive', [
  'M3 6a2 2 0 0 1 2 -2h14a2 2 0 0 1 2 2a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2',
  'M5 8v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2 -2v-10',
  'M10 12l4 0',
]);
export const IconArrowDown = outlineIcon('arrow-down', ['M12 5l0 14', 'M18 13l-6 6', 'M6 13l6 6']);
export const IconArrowUp = outlineIcon('arrow-up', ['M12 5l0 14', 'M18 11l-6 -6', 'M6 11l6 -6']);
export const IconArrowsSort = outlineIcon('arrows-sort', [
  'M3 9l4 -4l4 4m-4 -4v14',
  'M21 15l-4 4l-4 -4m4 4v-14',
]);
export const IconBookmark = outlineIcon('bookmark', [
  'M18 7v14l-6 -4l-6 4v-14a4 4 0 0 1 4 -4h4a4 4 0 0 1 4 4',
]);
export const IconChartBar = outlineIcon('chart-bar', [
  'M3 13a1 1 0 0 1 1 -1h4a1 1 0 0 1 1 1v6a1 1 0 0 1 -1 1h-4a1 1 0 0 1 -1 -1l0 -6',
  'M15 9a1 1 0 0 1 1 -1h4a1 1 0 0 1 1 1v10a1 1 0 0 1 -1 1h-4a1 1 0 0 1 -1 -1l0 -10',
  'M9 5a1 1 0 0 1 1 -1h4a1 1 0 0 1 1 1v14a1 1 0 0 1 -1 1h-4a1 1 0 0 1 -1 -1l0 -14',
  'M4 20h14',
]);
export const IconCheck = outlineIcon('check', ['M5 12l5 5l10 -10']);
export const IconChevronDown = outlineIcon('chevron-down', ['M6 9l6 6l6 -6']);
export const IconChevronLeft = outlineIcon('chevron-left', ['M15 6l-6 6l6 6']);
export const IconChevronRight = outlineIcon('chevron-right', ['M9 6l6 6l-6 6']);
export const IconCircleCheck = outlineIcon('circle-check', [
  'M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0',
  'M9 12l2 2l4 -4',
]);
export const IconClockHour4 = outlineIcon('clock-hour-4', [
  'M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0',
  'M12 12l3 2',
  'M12 7v5',
]);
export const IconCopy = outlineIcon('copy', [
  'M7 9.667a2.667 2.667 0 0 1 2.667 -2.667h8.666a2.667 2.667 0 0 1 2.667 2.667v8.666a2.667 2.667 0 0 1 -2.667 2.667h-8.666a2.667 2.667 0 0 1 -2.667 -2.667l0 -8.666',
  'M4.012 16.737a2.005 2.005 0 0 1 -1.012 -1.737v-10c0 -1.1 .9 -2 2 -2h10c.75 0 1.158 .385 1.5 1',
]);
export const IconCrosshair = outlineIcon('crosshair', [
  'M4 8v-2a2 2 0 0 1 2 -2h2',
  'M4 16v2a2 2 0 0 0 2 2h2',
  'M16 4h2a2 2 0 0 1 2 2v2',
  'M16 20h2a2 2 0 0 0 2 -2v-2',
  'M9 12l6 0',
  'M12 9l0 6',
]);
export const IconDownload = outlineIcon('download', [
  'M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2 -2v-2',
  'M7 11l5 5l5 -5',
  'M12 4l0 12',
]);
export const IconFilter = outlineIcon('filter', [
  'M4 4h16v2.172a2 2 0 0 1 -.586 1.414l-4.414 4.414v7l-6 2v-8.5l-4.48 -4.928a2 2 0 0 1 -.52 -1.345v-2.227',
]);
export const IconFilterOff = outlineIcon('filter-off', [
  'M8 4h12v2.172a2 2 0 0 1 -.586 1.414l-3.914 3.914m-.5 3.5v4l-6 2v-8.5l-4.48 -4.928a2 2 0 0 1 -.52 -1.345v-2.227',
  'M3 3l18 18',
]);
export const IconInfoCircle = outlineIcon('info-circle', [
  'M3 12a9 9 0 1 0 18 0a9 9 0 0 0 -18 0',
  'M12 9h.01',
  'M11 12h1v4h1',
]);
export const IconLayoutColumns = outlineIcon('layout-columns', [
  'M4 6a2 2 0 0 1 2 -2h12a2 2 0 0 1 2 2v12a2 2 0 0 1 -2 2h-12a2 2 0 0 1 -2 -2l0 -12',
  'M12 4l0 16',
]);
export const IconLinkOff = outlineIcon('link-off', [
  'M9 15l3 -3m2 -2l1 -1',
  'M11 6l.463 -.536a5 5 0 0 1 7.071 7.072l-.534 .464',
  'M3 3l18 18',
  'M13 18l-.397 .534a5.068 5.068 0 0 1 -7.127 0a4.972 4.972 0 0 1 0 -7.071l.524 -.463',
]);
export const IconListSearch = outlineIcon('list-search', [
  'M11 15a4 4 0 1 0 8 0a4 4 0 1 0 -8 0',
  'M18.5 18.5l2.5 2.5',
  'M4 6h16',
  'M4 12h4',
  'M4 18h4',
]);
export const IconLock = outlineIcon('lock', [
  'M5 13a2 2 0 0 1 2 -2h10a2 2 0 0 1 2 2v6a2 2 0 0 1 -2 2h-10a2 2 0 0 1 -2 -2v-6',
  'M11 16a1 1 0 1 0 2 0a1 1 0 0 0 -2 0',
  'M8 11v-4a4 4 0 1 1 8 0v4',
]);
export const IconLockOpen = outlineIcon('lock-open', [
  'M5 13a2 2 0 0 1 2 -2h10a2 2 0 0 1 2 2v6a2 2 0 0 1 -2 2h-10a2 2 0 0 1 -2 -2l0 -6',
  'M11 16a1 1 0 1 0 2 0a1 1 0 1 0 -2 0',
  'M8 11v-5a4 4 0 0 1 8 0',
]);
export const IconMinus = outlineIcon('minus', ['M5 12l14 0']);
export const IconPlayerPlay = outlineIcon('player-play', ['M7 4v16l13 -8l-13 -8']);
export const IconPlayerStop = outlineIcon('player-stop', [
  'M5 7a2 2 0 0 1 2 -2h10a2 2 0 0 1 2 2v10a2 2 0 0 1 -2 2h-10a2 2 0 0 1 -2 -2l0 -10',
]);
export const IconRefresh = outlineIcon('refresh', [
  'M20 11a8.1 8.1 0 0 0 -15.5 -2m-.5 -4v4h4',
  'M4 13a8.1 8.1 0 0 0 15.5 2m.5 4v-4h-4',
]);
export const IconSearch = outlineIcon('search', [
  'M3 10a7 7 0 1 0 14 0a7 7 0 1 0 -14 0',
  'M21 21l-6 -6',
]);
export const IconX = outlineIcon('x', ['M18 6l-12 12', 'M6 6l12 12']);
