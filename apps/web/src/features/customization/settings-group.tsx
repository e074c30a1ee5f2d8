import { useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { animationStyles, type UiSettings, uiRanges, uiSettingsStore, useUiSettings } from '../../lib/ui-settings.ts';
import { Choice, Group, Range, Toggle } from './controls.tsx';

/** Slider bounds of the numbers: the store's ranges (§5), and sensible ones where the specification has none. */
const ranges: Record<string, { min: number; max: number; step: number }> = {
  ...uiRanges,
  borderRadius: { min: 0, max: 32, step: 1 },
  animationSpeed: { min: 0.1, max: 3, step: 0.1 },
  cameraLight: { min: 0, max: 10, step: 0.1 },
  globalLight: { min: 0, max: 10, step: 0.1 },
};
const formats: Record<string, (v: number) => string> = {
  backgroundOpacity: (v) => `${Math.round(v * 100)} %`,
  borderRadius: (v) => `${v} px`,
  frameRateLimit: (v) => `${v} FPS`,
  zoom: (v) => `${v.toFixed(1)}×`,
  animationSpeed: (v) => `${v.toFixed(1)}×`,
  transitionSpeed: (v) => `${v.toFixed(1)}×`,
};

/**
 * Every key of one group of the UI settings as a control, by the type of its value: a switch, a
 * slider, or the animation style's choice. Each change is saved at once through the store.
 */
export function SettingsGroup({ group }: { group: keyof UiSettings }) {
  const { t } = useTranslation();
  const values = useUiSettings()[group];
  // The store tells its subscribers ~10 ms after a write; the control shows the new value at once
  // (a controlled input would otherwise spring back for that moment).
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const set = (key: string, value: unknown) => {
    uiSettingsStore.update(group, { [key]: value });
    rerender();
  };
  return (
    <Group title={t(`customization.groups.${group}`)}>
      {Object.entries(values).map(([key, value]) => {
        const label = t(`customization.settings.${key}`);
        if (typeof value === 'boolean')
          return <Toggle key={key} label={label} checked={value} onChange={(v) => set(key, v)} />;
        if (typeof value === 'number')
          return (
            <Range
              key={key}
              label={label}
              value={value}
              {...ranges[key]!}
              format={formats[key]}
              onChange={(v) => set(key, v)}
            />
          );
        return (
          <Choice
            key={key}
            label={label}
            value={value as string}
            options={animationStyles.map((s) => ({ value: s, label: t(`customization.animation.${s}`) }))}
            onChange={(v) => set(key, v)}
          />
        );
      })}
    </Group>
  );
}
