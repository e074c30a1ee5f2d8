import { TICKET_MESSAGE_MAX, TICKET_SUBJECT_MAX, TicketCreateSchema, ticketPriorities } from '@hostdeck/contracts';
import { Clock, LifeBuoy, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { useSetting } from '../../lib/use-settings.ts';
import { useApiForm } from '../auth/use-api-form.ts';
import { LoadError, PageHeader, StatePanel, secondaryLink } from '../servers/page-parts.tsx';
import { ticketForm, useCreateTicket, useTicketOptions } from './api.ts';
import { AttachmentPicker } from './attachment-picker.tsx';
import { box } from './ticket-parts.tsx';
import { isOff, TicketsOff } from './tickets-page.tsx';

type Values = z.output<typeof TicketCreateSchema>;
const label = 'text-sm font-medium text-slate-700 dark:text-slate-300';

function FieldError({ message }: { message?: string }) {
  return message ? (
    <p role="alert" className="text-xs font-medium text-danger">
      {message}
    </p>
  ) : null;
}

/** /ticket/create: department (with its description and hours), subject, priority, message, server, files. */
export function TicketCreatePage() {
  const { t } = useTranslation();
  const enabled = useSetting<boolean>('allow_tickets') !== false;
  const options = useTicketOptions();
  if (!enabled || isOff(options.error)) return <TicketsOff />;
  if (options.isPending) return <Loading label={t('common.loading')} />;
  if (options.isError) return <LoadError error={options.error} />;
  const o = options.data;
  if (o.departments.length === 0)
    return (
      <StatePanel
        icon={LifeBuoy}
        testId="tickets-no-departments"
        title={t('tickets.noDepartmentsTitle')}
        message={t('tickets.noDepartments')}
        back="/ticket"
      />
    );
  if (o.open >= o.max_open)
    return (
      <StatePanel
        icon={LifeBuoy}
        tone="amber"
        testId="tickets-limit"
        title={t('tickets.limitReached')}
        message={t('tickets.limitMessage', { max: o.max_open })}
        back="/ticket"
        backLabel={t('tickets.back')}
      />
    );
  return <CreateForm options={o} />;
}

function CreateForm({ options }: { options: NonNullable<ReturnType<typeof useTicketOptions>['data']> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ids = { department: useId(), priority: useId(), message: useId(), server: useId() };
  const create = useCreateTicket();
  const [files, setFiles] = useState<File[]>([]);
  const { form, onSubmit, error } = useApiForm<Values>(
    TicketCreateSchema as never,
    async (values) => {
      const ticket = await create.mutateAsync(ticketForm(values, files));
      await navigate(`/ticket/${ticket.id}`);
    },
    {
      defaultValues: {
        department_id: (options.departments.length === 1 ? String(options.departments[0]!.id) : '') as never,
        subject: '',
        priority: 'medium',
        message: '',
        server_id: '' as never,
      },
    },
  );
  const { errors, isSubmitting } = form.formState;
  const departmentId = Number(form.watch('department_id'));
  const chosen = options.departments.find((d) => d.id === departmentId);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <PageHeader
        title={t('tickets.createTitle')}
        subtitle={t('tickets.createSubtitle')}
        back="/ticket"
        backLabel={t('tickets.back')}
      />
      <form
        onSubmit={onSubmit}
        noValidate
        className="surface flex flex-col gap-4 p-5 sm:p-6"
        data-testid="ticket-create-form"
      >
        {error && <Alert>{error}</Alert>}
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.department} className={label}>
            {t('tickets.fields.department')}
          </label>
          <select
            id={ids.department}
            className={box}
            aria-invalid={errors.department_id ? true : undefined}
            data-testid="ticket-department"
            {...form.register('department_id')}
          >
            {options.departments.length > 1 && <option value="">{t('tickets.pickDepartment')}</option>}
            {options.departments.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </select>
          <FieldError message={errors.department_id?.message} />
          {chosen && (chosen.description || chosen.opening_hours) && (
            <div className="rounded-xl bg-slate-500/5 px-3 py-2 text-sm" data-testid="ticket-department-info">
              {chosen.description && <p className="text-slate-600 dark:text-slate-300">{chosen.description}</p>}
              {chosen.opening_hours && (
                <p className="mt-1 flex items-center gap-1.5 text-xs text-muted">
                  <Clock className="size-3.5" aria-hidden />{' '}
                  {t('tickets.openingHours', { hours: chosen.opening_hours })}
                </p>
              )}
            </div>
          )}
        </div>
        <Field
          label={t('tickets.fields.subject')}
          maxLength={TICKET_SUBJECT_MAX}
          data-testid="ticket-subject"
          error={errors.subject?.message}
          {...form.register('subject')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={ids.priority} className={label}>
              {t('tickets.fields.priority')}
            </label>
            <select
              id={ids.priority}
              className={box}
              data-testid="ticket-priority-select"
              {...form.register('priority')}
            >
              {ticketPriorities.map((p) => (
                <option key={p} value={p}>
                  {t(`tickets.priority.${p}`)}
                </option>
              ))}
            </select>
          </div>
          {options.servers.length > 0 && (
            <div className="flex flex-col gap-1.5">
              <label htmlFor={ids.server} className={label}>
                {t('tickets.fields.server')}
              </label>
              <select id={ids.server} className={box} data-testid="ticket-server" {...form.register('server_id')}>
                <option value="">{t('tickets.noServer')}</option>
                {options.servers.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
              <FieldError message={errors.server_id?.message} />
            </div>
          )}
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.message} className={label}>
            {t('tickets.fields.message')}
          </label>
          <textarea
            id={ids.message}
            rows={7}
            maxLength={TICKET_MESSAGE_MAX}
            className={box}
            aria-invalid={errors.message ? true : undefined}
            data-testid="ticket-message"
            {...form.register('message')}
          />
          <FieldError message={errors.message?.message} />
        </div>
        <AttachmentPicker files={files} onChange={setFiles} limits={options.attachments} disabled={isSubmitting} />
        <div className="flex flex-wrap justify-end gap-2">
          <Link to="/ticket" className={secondaryLink}>
            {t('resource.cancel')}
          </Link>
          <Button type="submit" data-testid="ticket-submit" disabled={isSubmitting}>
            <Send className="size-4" aria-hidden />
            {isSubmitting ? t('common.working') : t('tickets.submit')}
          </Button>
        </div>
      </form>
    </div>
  );
}
