import type { Locator } from '@playwright/test';

// How a checkbox or switch is drawn, read from the page, so that the table's rows
// (one input each, src/components/plain-mantine/cell-controls.module.css) can be
// compared with Mantine's controls elsewhere on the page (an input hidden behind the
// elements that draw it).

/** A checkbox's box: Mantine's input draws it in both forms. */
export function drawnCheckbox(checkbox: Locator) {
  return checkbox.evaluate((input) => {
    const style = getComputedStyle(input);
    return {
      width: style.width,
      height: style.height,
      border: `${style.borderTopWidth} ${style.borderTopColor}`,
      radius: style.borderTopLeftRadius,
      background: style.backgroundColor,
    };
  });
}

/**
 * A switch's track, its thumb (placed within the track) and the dot in the thumb:
 * elements after Mantine's hidden input, the input itself and its ::before and ::after
 * in the table's.
 */
export function drawnSwitch(toggle: Locator) {
  return toggle.evaluate((input) => {
    const mantines = getComputedStyle(input).opacity === '0';
    const track = mantines ? (input.nextElementSibling as HTMLElement) : input;
    const trackStyle = getComputedStyle(track);
    const thumbElement = mantines ? (track.firstElementChild as HTMLElement) : null;
    const thumb = thumbElement
      ? getComputedStyle(thumbElement)
      : getComputedStyle(input, '::before');
    const dot = thumbElement
      ? getComputedStyle(thumbElement, '::before')
      : getComputedStyle(input, '::after');
    const trackBox = track.getBoundingClientRect();
    const thumbBox = thumbElement?.getBoundingClientRect();
    return {
      track: {
        width: trackBox.width,
        height: trackBox.height,
        radius: trackStyle.borderTopLeftRadius,
        background: trackStyle.backgroundColor,
      },
      thumb: {
        left: thumbBox ? thumbBox.left - trackBox.left : parseFloat(thumb.left),
        top: thumbBox ? thumbBox.top - trackBox.top : parseFloat(thumb.top),
        width: thumb.width,
        height: thumb.height,
        background: thumb.backgroundColor,
      },
      dot: { width: dot.width, height: dot.height, background: dot.backgroundColor },
    };
  });
}
