import type { ServerRequest } from '@hostdeck/contracts';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { ServerNameFields } from './name-fields.tsx';
import { ResourceSliders } from './resource-sliders.tsx';
import { type ResourceKey, type Resources, resourceKeys } from './resources.ts';

const shown = new Set<string>(['name', 'description', 'location_id', 'egg_id', ...resourceKeys]);

/** The last step: what was picked (with a way back), the resources, the name and the description. */
export function DetailsStep({
  form,
  error,
  max,
  bound,
  lacking,
  location,
  egg,
  onChange,
  setResource,
}: {
  form: UseFormReturn<ServerRequest>;
  error: string | null;
  max: Resources;
  bound: 'free' | 'max';
  lacking: ResourceKey[];
  location: string;
  egg: string;
  onChange: (step: 'location' | 'egg') => void;
  setResource: (k: ResourceKey, v: number) => void;
}) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  const values = form.watch();
  const other = Object.entries(errors).filter(([k, e]) => !shown.has(k) && e?.message);
  return (
    <div className="flex flex-col gap-5">
      {error && <Alert>{error}</Alert>}
      {other.map(([k, e]) => (
        <Alert key={k}>{String(e?.message)}</Alert>
      ))}
      <dl className="surface grid gap-3 p-4 text-sm sm:grid-cols-2" data-testid="server-choice-summary">
        {(
          [
            ['location', t('servers.create.step.location'), location, errors.location_id?.message],
            ['egg', t('servers.create.step.egg'), egg, errors.egg_id?.message],
          ] as const
        ).map(([step, label, value, problem]) => (
          <div key={step} className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <dt className="text-xs text-muted">{label}</dt>
              <dd className="font-semibold">{value}</dd>
              {problem && (
                <dd role="alert" className="text-xs font-medium text-danger">
                  {problem}
                </dd>
              )}
            </div>
            <button
              type="button"
              onClick={() => onChange(step)}
              className="rounded-lg px-2 py-1 text-xs font-semibold text-brand-600 hover:bg-brand-500/10 dark:text-brand-300"
              aria-label={`${t('servers.create.change')}: ${label}`}
            >
              {t('servers.create.change')}
            </button>
          </div>
        ))}
      </dl>

      <div className="grid gap-4 sm:grid-cols-2">
        <ServerNameFields register={form.register} errors={errors} tall />
      </div>

      {lacking.length > 0 && (
        <Alert>
          <p className="font-semibold" data-testid="lacking-resources">
            {t('servers.create.lacking', {
              resources: lacking.map((k) => t(`servers.resources.${k}`)).join(', '),
            })}
          </p>
          <p className="mt-1">{t('servers.create.lackingHint')}</p>
        </Alert>
      )}
      <div className="surface p-4 sm:p-5">
        <ResourceSliders
          values={values}
          max={max}
          maxLabel={bound}
          onChange={setResource}
          errors={Object.fromEntries(resourceKeys.map((k) => [k, errors[k]?.message]))}
        />
      </div>
    </div>
  );
}
