import { type ServerOptions, type ServerRequest, ServerRequestSchema } from '@hostdeck/contracts';
import { ArrowLeft, ArrowRight, Egg, Layers, MapPin } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { useFormat } from '../../lib/format.ts';
import { useApiForm } from '../auth/use-api-form.ts';
import { type Choice, ChoiceCards } from './choice-cards.tsx';
import { lackingResources, minimums, type ResourceKey, type Resources, resourceKeys } from './resources.ts';
import { DetailsStep } from './server-details-step.tsx';

const steps = ['location', 'category', 'egg', 'details'] as const;
type Step = (typeof steps)[number];

export interface ServerWizardProps {
  options: ServerOptions;
  /** The upper bound of each slider. */
  max: Resources;
  /** What the bound is called under each slider: what the member has free, or just the maximum. */
  bound?: 'free' | 'max';
  /** Lock VIP locations and eggs when the signed-in member is not VIP (the admin form leaves it to the server). */
  enforceVip: boolean;
  /** Why the form cannot be sent yet (e.g. no member picked); shown beside the button. */
  blocked?: string | null;
  /** Staff queueing for a member: a refusal for want of room speaks of the member, not of "you". */
  forMember?: boolean;
  submitLabel: string;
  submit: (values: ServerRequest) => Promise<void>;
}

/** Location → category → server type → resources and name; one step at a time, each reachable again. */
const placeRefusals = ['LOCATION_UNAVAILABLE', 'LOCATION_FULL', 'VIP_ONLY', 'EGG_UNAVAILABLE'];
/** The member's room, told to staff queueing for them. */
const memberRoom: Record<string, string> = {
  NO_SERVER_SLOT: 'servers.admin.memberNoSlot',
  INSUFFICIENT_RESOURCES: 'servers.admin.memberNotEnough',
};

export function ServerWizard({
  options,
  max,
  bound = 'free',
  enforceVip,
  blocked,
  forMember = false,
  submitLabel,
  submit,
}: ServerWizardProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const [step, setStep] = useState<Step>('location');
  const [categoryId, setCategoryId] = useState<number>();
  const { form, onSubmit, error } = useApiForm<ServerRequest>(
    ServerRequestSchema,
    submit,
    { defaultValues: { name: '', description: '', ...minimums } },
    {
      fieldMessage: (err, field) => {
        if (err.code === 'INSUFFICIENT_RESOURCES')
          return (resourceKeys as readonly string[]).includes(field)
            ? t(forMember ? 'servers.admin.memberNotEnoughField' : 'servers.create.notEnough')
            : undefined;
        // A location or server type refused on submit (taken offline, full, VIP only): the code's words.
        return placeRefusals.includes(err.code) ? t(`errors.${err.code}`) : undefined;
      },
      errorMessage: (err) => (forMember && memberRoom[err.code] ? t(memberRoom[err.code] as string) : undefined),
    },
  );
  const locationId = form.watch('location_id');
  const eggId = form.watch('egg_id');
  const vipLocked = (vip: boolean) => enforceVip && vip && !options.vip;

  const locations: Choice[] = options.locations.map((l) => {
    const full = l.slots !== null && l.used >= l.slots;
    return {
      ...l,
      meta:
        l.slots === null
          ? t('servers.create.unlimited', { used: f.number(l.used) })
          : t('servers.create.slots', { used: f.number(l.used), slots: f.number(l.slots) }),
      disabledReason: full ? t('servers.create.full') : vipLocked(l.vip) ? t('servers.create.vipOnly') : null,
    };
  });
  const categories: Choice[] = options.categories.map((c) => {
    const count = options.eggs.filter((e) => e.category_id === c.id).length;
    return {
      ...c,
      meta: count > 0 ? t('servers.create.eggCount', { count, amount: f.number(count) }) : null,
      disabledReason: count === 0 ? t('servers.create.noEggs') : null,
    };
  });
  const eggs: Choice[] = options.eggs
    .filter((e) => e.category_id === categoryId)
    .map((e) => ({ ...e, disabledReason: vipLocked(e.vip) ? t('servers.create.vipOnly') : null }));

  const done = { location: locationId !== undefined, category: categoryId !== undefined, egg: eggId !== undefined };
  const reachable = (s: Step) =>
    s === 'location' ||
    (s === 'category' && done.location) ||
    (s === 'egg' && done.location && done.category) ||
    (s === 'details' && done.location && done.category && done.egg);
  const lacking = lackingResources(max);
  const index = steps.indexOf(step);
  const next = steps[index + 1];
  const prev = steps[index - 1];

  // Moving between steps puts focus on the new step's heading, so keyboards and readers follow.
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = true;
  }, [step]);

  const pickCategory = (id: number) => {
    setCategoryId(id);
    const egg = options.eggs.find((e) => e.id === eggId);
    if (egg && egg.category_id !== id) form.setValue('egg_id', undefined as never);
  };
  const setResource = (k: ResourceKey, v: number) =>
    form.setValue(k, v, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const onFormSubmit = (e: FormEvent<HTMLFormElement>) => {
    if (step === 'details') return void onSubmit(e);
    e.preventDefault();
    if (next && reachable(next)) setStep(next);
  };

  const titles: Record<Step, string> = {
    location: t('servers.create.pickLocation'),
    category: t('servers.create.pickCategory'),
    egg: t('servers.create.pickEgg'),
    details: t('servers.create.stepDetails'),
  };
  return (
    <form onSubmit={onFormSubmit} noValidate className="flex flex-col gap-5" data-testid="server-wizard">
      <ol className="grid grid-cols-4 gap-2" aria-label={t('servers.create.steps')}>
        {steps.map((s, i) => (
          <li key={s}>
            <button
              type="button"
              data-testid={`step-${s}`}
              disabled={!reachable(s)}
              aria-current={s === step ? 'step' : undefined}
              onClick={() => setStep(s)}
              className={`flex w-full items-center gap-2 rounded-xl border px-2 py-2 text-left text-xs font-semibold transition disabled:cursor-not-allowed disabled:opacity-50 ${
                s === step
                  ? 'border-brand-400 bg-brand-500/10 text-brand-700 dark:text-brand-300'
                  : 'border-slate-200 dark:border-slate-800'
              }`}
            >
              <span className="grid size-6 shrink-0 place-items-center rounded-full bg-slate-200 dark:bg-slate-800">
                {i + 1}
              </span>
              <span className="sr-only sm:not-sr-only sm:truncate">{t(`servers.create.step.${s}`)}</span>
            </button>
          </li>
        ))}
      </ol>
      <div className="flex flex-col gap-1">
        <p className="text-xs font-semibold tracking-wide text-muted uppercase">
          {t('servers.create.stepOf', { step: index + 1, total: steps.length })}
        </p>
        <h2 ref={heading} tabIndex={-1} className="text-xl font-bold outline-none" data-testid="step-title">
          {titles[step]}
        </h2>
      </div>

      {step === 'location' && (
        <ChoiceCards
          legend={titles.location}
          name="location_id"
          testId="location"
          choices={locations}
          value={locationId}
          onChange={(id) => {
            form.setValue('location_id', id);
            form.clearErrors('location_id');
          }}
          fallbackIcon={MapPin}
          empty={t('servers.create.noLocations')}
        />
      )}
      {step === 'category' && (
        <ChoiceCards
          legend={titles.category}
          name="category_id"
          testId="category"
          choices={categories}
          value={categoryId}
          onChange={pickCategory}
          fallbackIcon={Layers}
          empty={t('servers.create.noCategories')}
        />
      )}
      {step === 'egg' && (
        <ChoiceCards
          legend={titles.egg}
          name="egg_id"
          testId="egg"
          choices={eggs}
          value={eggId}
          onChange={(id) => {
            form.setValue('egg_id', id);
            form.clearErrors('egg_id');
          }}
          fallbackIcon={Egg}
          empty={t('servers.create.noCategories')}
        />
      )}
      {step === 'details' && (
        <DetailsStep
          form={form}
          error={error}
          max={max}
          bound={bound}
          lacking={lacking}
          location={options.locations.find((l) => l.id === locationId)?.name ?? ''}
          egg={[
            options.categories.find((c) => c.id === categoryId)?.name,
            options.eggs.find((e) => e.id === eggId)?.name,
          ]
            .filter(Boolean)
            .join(' · ')}
          onChange={(s) => setStep(s)}
          setResource={setResource}
        />
      )}

      <div className="flex items-center justify-between gap-3">
        {prev ? (
          <Button variant="secondary" data-testid="step-back" onClick={() => setStep(prev)}>
            <ArrowLeft className="size-4" aria-hidden /> {t('servers.create.back')}
          </Button>
        ) : (
          <span />
        )}
        {next ? (
          // Keyed apart: the same DOM button turning into "submit" mid-click would send the form.
          <Button key="next" data-testid="step-next" disabled={!reachable(next)} onClick={() => setStep(next)}>
            {t('servers.create.next')} <ArrowRight className="size-4" aria-hidden />
          </Button>
        ) : (
          <Button
            key="submit"
            type="submit"
            data-testid="server-submit"
            disabled={form.formState.isSubmitting || lacking.length > 0 || Boolean(blocked)}
            aria-describedby={blocked ? 'server-submit-blocked' : undefined}
          >
            {form.formState.isSubmitting ? t('common.working') : submitLabel}
          </Button>
        )}
      </div>
      {step === 'details' && blocked && (
        <p id="server-submit-blocked" className="text-right text-sm text-amber-700 dark:text-amber-400">
          {blocked}
        </p>
      )}
    </form>
  );
}
