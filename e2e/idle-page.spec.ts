import { expect, test } from './support/fixtures';

test('the fields page runs no animation once its rows are shown', async ({ fieldsPage }) => {
  await fieldsPage.goto();
  await expect(fieldsPage.table).toHaveAttribute('aria-busy', 'false');
  // A running animation, even on a hidden element, makes the browser work every frame.
  await expect
    .poll(() =>
      fieldsPage.page.evaluate(() =>
        document.getAnimations().map((animation) => {
          const target = (animation.effect as KeyframeEffect | null)?.target;
          return target ? target.className.toString() : animation.id;
        }),
      ),
    )
    .toEqual([]);
});
