import { useMediaQuery } from '@mantine/hooks';

/** Narrower than this, tables take their phone layout (a 390 px phone, not a 768 px tablet). */
const phoneQuery = '(max-width: 40em)';

/** Whether the screen is a phone's width; follows rotation and window resizing. */
export function usePhoneLayout(): boolean {
  return useMediaQuery(phoneQuery, false, { getInitialValueInEffect: false });
}
