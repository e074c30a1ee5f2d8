import { describe, expect, it } from 'vitest';
import { defaultUiSettings, type UiSettings } from '../../lib/ui-settings.ts';
import { viewerSetup } from './skin-settings.ts';

const with_ = (skin: Partial<UiSettings['skin']>, performance: Partial<UiSettings['performance']> = {}) => ({
  ...defaultUiSettings,
  skin: { ...defaultUiSettings.skin, ...skin },
  performance: { ...defaultUiSettings.performance, ...performance },
});

describe('skin viewer setup from the UI settings', () => {
  it('follows the specification defaults: walking at speed 1, no rotation, zoom 0.8, lights 3 and 2.9', () => {
    expect(viewerSetup(defaultUiSettings)).toEqual({
      zoom: 0.8,
      autoRotate: false,
      walkingSpeed: 1,
      cameraLight: 3,
      globalLight: 2.9,
    });
  });

  it('rotates and walks as set, with the zoom kept within 0.5 to 1.5', () => {
    expect(viewerSetup(with_({ autoRotate: true, animationSpeed: 2, zoom: 4 }))).toMatchObject({
      autoRotate: true,
      walkingSpeed: 2,
      zoom: 1.5,
    });
    expect(viewerSetup(with_({ zoom: 0.1 })).zoom).toBe(0.5);
    expect(viewerSetup(with_({ walkingAnimation: false })).walkingSpeed).toBeNull();
  });

  it('stands still with reduce motion or animations off', () => {
    for (const performance of [{ reduceMotion: true }, { disableAnimations: true }]) {
      expect(viewerSetup(with_({ autoRotate: true, walkingAnimation: true }, performance))).toMatchObject({
        autoRotate: false,
        walkingSpeed: null,
      });
    }
  });

  it("stands still when the system asks for reduced motion, whatever the member's settings", () => {
    const moving = with_({ autoRotate: true, walkingAnimation: true });
    expect(viewerSetup(moving, false)).toMatchObject({ autoRotate: true, walkingSpeed: 1 });
    expect(viewerSetup(moving, true)).toMatchObject({ autoRotate: false, walkingSpeed: null });
  });
});
