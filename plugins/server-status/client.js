// @ts-check
// The server-status dashboard card: each of the member's servers with its state and memory, disk and
// CPU against its limits (meters when the hosting provider reports live use, the limits otherwise). It asks again every refresh_seconds (set by staff, sent with the answer) while the tab
// is visible, and catches up at once when the tab comes back after the interval has passed.
// A client entry imports nothing: React, translations and requests come from the api argument.

/**
 * @typedef {import('@hostdeck/plugin-sdk').ClientPluginApi} ClientPluginApi
 * @typedef {import('./server.js').ServerStatus} ServerStatus
 * @typedef {import('./server.js').Meter} Meter
 * @typedef {{ refresh_seconds: number, servers: ServerStatus[] }} Answer
 */

/** Messages in the six languages of the panel; `locale` formats the numbers. */
export const translations = {
  en: {
    locale: 'en',
    title: 'Server status',
    loading: 'Loading…',
    empty: 'You have no servers yet.',
    loadError: 'The server status could not be loaded.',
    staleError: 'The last refresh failed; showing earlier values.',
    memory: 'Memory',
    disk: 'Disk',
    cpu: 'CPU',
    unlimited: 'unlimited',
    of: '{{used}} of {{limit}}',
    allotted: 'Allotted: {{limit}}',
    noUsage: 'The hosting panel does not report live use, so the limits are shown.',
    notLive: 'The hosting panel did not answer about this server.',
    state: {
      running: 'Running',
      starting: 'Starting',
      stopping: 'Stopping',
      offline: 'Offline',
      installing: 'Installing',
      active: 'Active',
      suspended: 'Suspended',
      install_failed: 'Install failed',
      queued: 'In the queue',
      deleting: 'Being deleted',
      missing: 'Missing on the panel',
      other_panel: 'On a former panel',
      unknown: 'Unknown',
    },
  },
  ro: {
    locale: 'ro',
    title: 'Starea serverelor',
    loading: 'Se încarcă…',
    empty: 'Nu ai încă niciun server.',
    loadError: 'Starea serverelor nu a putut fi încărcată.',
    staleError: 'Ultima actualizare a eșuat; se afișează valorile anterioare.',
    memory: 'Memorie',
    disk: 'Disc',
    cpu: 'CPU',
    unlimited: 'nelimitat',
    of: '{{used}} din {{limit}}',
    allotted: 'Alocat: {{limit}}',
    noUsage: 'Panoul de găzduire nu raportează consumul în timp real, așa că sunt afișate limitele.',
    notLive: 'Panoul de găzduire nu a răspuns pentru acest server.',
    state: {
      running: 'Pornit',
      starting: 'Pornește',
      stopping: 'Se oprește',
      offline: 'Oprit',
      installing: 'Se instalează',
      active: 'Activ',
      suspended: 'Suspendat',
      install_failed: 'Instalare eșuată',
      queued: 'În coadă',
      deleting: 'Se șterge',
      missing: 'Lipsește din panou',
      other_panel: 'Pe un panou vechi',
      unknown: 'Necunoscut',
    },
  },
  md: {
    locale: 'ro-MD',
    title: 'Starea serverelor',
    loading: 'Se încarcă…',
    empty: 'Nu aveți încă niciun server.',
    loadError: 'Starea serverelor nu a putut fi încărcată.',
    staleError: 'Ultima reîmprospătare nu a reușit; sunt afișate valorile de mai înainte.',
    memory: 'Memorie',
    disk: 'Disc',
    cpu: 'CPU',
    unlimited: 'fără limită',
    of: '{{used}} din {{limit}}',
    allotted: 'Alocat: {{limit}}',
    noUsage: 'Panoul de găzduire nu comunică consumul curent, de aceea sunt afișate limitele.',
    notLive: 'Panoul de găzduire nu a răspuns despre acest server.',
    state: {
      running: 'Funcționează',
      starting: 'Se pornește',
      stopping: 'Se oprește',
      offline: 'Oprit',
      installing: 'Se instalează',
      active: 'Activ',
      suspended: 'Suspendat',
      install_failed: 'Instalarea nu a reușit',
      queued: 'În coadă',
      deleting: 'Se șterge',
      missing: 'Lipsește din panou',
      other_panel: 'Pe un panou anterior',
      unknown: 'Necunoscut',
    },
  },
  fr: {
    locale: 'fr',
    title: 'État des serveurs',
    loading: 'Chargement…',
    empty: "Vous n'avez pas encore de serveur.",
    loadError: "L'état des serveurs n'a pas pu être chargé.",
    staleError: 'La dernière actualisation a échoué ; les valeurs précédentes sont affichées.',
    memory: 'Mémoire',
    disk: 'Disque',
    cpu: 'CPU',
    unlimited: 'illimité',
    of: '{{used}} sur {{limit}}',
    allotted: 'Alloué : {{limit}}',
    noUsage: "Le panel d'hébergement ne fournit pas l'utilisation en direct ; les limites sont affichées.",
    notLive: "Le panel d'hébergement n'a pas répondu pour ce serveur.",
    state: {
      running: 'En marche',
      starting: 'Démarrage',
      stopping: 'Arrêt en cours',
      offline: 'Arrêté',
      installing: 'Installation',
      active: 'Actif',
      suspended: 'Suspendu',
      install_failed: 'Installation échouée',
      queued: "En file d'attente",
      deleting: 'Suppression en cours',
      missing: 'Absent du panel',
      other_panel: 'Sur un ancien panel',
      unknown: 'Inconnu',
    },
  },
  de: {
    locale: 'de',
    title: 'Serverstatus',
    loading: 'Wird geladen…',
    empty: 'Du hast noch keinen Server.',
    loadError: 'Der Serverstatus konnte nicht geladen werden.',
    staleError: 'Die letzte Aktualisierung ist fehlgeschlagen; es werden frühere Werte angezeigt.',
    memory: 'Arbeitsspeicher',
    disk: 'Speicherplatz',
    cpu: 'CPU',
    unlimited: 'unbegrenzt',
    of: '{{used}} von {{limit}}',
    allotted: 'Zugeteilt: {{limit}}',
    noUsage: 'Das Hosting-Panel meldet keine Live-Auslastung, daher werden die Limits angezeigt.',
    notLive: 'Das Hosting-Panel hat zu diesem Server nicht geantwortet.',
    state: {
      running: 'Läuft',
      starting: 'Startet',
      stopping: 'Wird gestoppt',
      offline: 'Aus',
      installing: 'Wird installiert',
      active: 'Aktiv',
      suspended: 'Gesperrt',
      install_failed: 'Installation fehlgeschlagen',
      queued: 'In der Warteschlange',
      deleting: 'Wird gelöscht',
      missing: 'Fehlt im Panel',
      other_panel: 'Auf einem früheren Panel',
      unknown: 'Unbekannt',
    },
  },
  es: {
    locale: 'es',
    title: 'Estado de los servidores',
    loading: 'Cargando…',
    empty: 'Todavía no tienes ningún servidor.',
    loadError: 'No se pudo cargar el estado de los servidores.',
    staleError: 'La última actualización falló; se muestran los valores anteriores.',
    memory: 'Memoria',
    disk: 'Disco',
    cpu: 'CPU',
    unlimited: 'ilimitado',
    of: '{{used}} de {{limit}}',
    allotted: 'Asignado: {{limit}}',
    noUsage: 'El panel de hosting no informa del uso en tiempo real, así que se muestran los límites.',
    notLive: 'El panel de hosting no respondió sobre este servidor.',
    state: {
      running: 'En marcha',
      starting: 'Iniciando',
      stopping: 'Deteniéndose',
      offline: 'Apagado',
      installing: 'Instalando',
      active: 'Activo',
      suspended: 'Suspendido',
      install_failed: 'Instalación fallida',
      queued: 'En cola',
      deleting: 'Eliminándose',
      missing: 'No está en el panel',
      other_panel: 'En un panel anterior',
      unknown: 'Desconocido',
    },
  },
};

/** The states with a label of their own; any other shows as unknown. */
const LABELLED = new Set([
  'running',
  'starting',
  'stopping',
  'offline',
  'installing',
  'active',
  'suspended',
  'install_failed',
  'queued',
  'deleting',
  'missing',
  'other_panel',
]);
/** States a server is expected to be known on the hosting panel in. */
const ON_PANEL = new Set(['active', 'installing', 'suspended', 'install_failed']);
const MIB = 1024 * 1024;

/** The interval, never below the manifest's minimum even if an answer says otherwise. */
const intervalMs = (/** @type {number | undefined} */ seconds) => Math.max(10, seconds ?? 30) * 1000;

/** @param {ClientPluginApi} api */
export default function install(api) {
  const { React } = api;
  const h = React.createElement;
  for (const [language, messages] of Object.entries(translations)) api.addTranslations(language, messages);

  /** Refreshes on an interval while the tab is visible; returns the last answer and whether the last call failed. */
  function useServerStatus() {
    const [answer, setAnswer] = React.useState(/** @type {Answer | null} */ (null));
    const [failed, setFailed] = React.useState(false);
    React.useEffect(() => {
      let stopped = false;
      /** @type {ReturnType<typeof setTimeout> | undefined} */
      let timer;
      let every = intervalMs(undefined);
      let lastAsked = 0;
      const hidden = () => document.visibilityState === 'hidden';
      const schedule = (/** @type {number} */ ms) => {
        clearTimeout(timer);
        if (!stopped && !hidden()) timer = setTimeout(refresh, ms);
      };
      async function refresh() {
        lastAsked = Date.now();
        try {
          const a = /** @type {Answer} */ (await api.request('/servers'));
          if (stopped) return;
          every = intervalMs(a.refresh_seconds);
          setAnswer(a);
          setFailed(false);
        } catch {
          if (!stopped) setFailed(true);
        }
        schedule(every);
      }
      function handleVisibility() {
        if (hidden()) return clearTimeout(timer);
        const due = lastAsked + every - Date.now();
        if (due <= 0) refresh();
        else schedule(due);
      }
      refresh();
      document.addEventListener('visibilitychange', handleVisibility);
      return () => {
        stopped = true;
        clearTimeout(timer);
        document.removeEventListener('visibilitychange', handleVisibility);
      };
    }, []);
    return { answer, failed };
  }

  /**
   * One resource: "512 MB of 2 GB" over a bar when its use is reported, else the limit alone.
   * @param {{ label: string, meter: Meter, format: (n: number) => string, testId: string }} props
   */
  function MeterRow({ label, meter, format, testId }) {
    const t = api.useT();
    const limit = meter.limit === null ? t('unlimited') : format(meter.limit);
    const text = meter.used === null ? t('allotted', { limit }) : t('of', { used: format(meter.used), limit });
    const percent = meter.percent === null ? null : Math.min(100, Math.max(0, meter.percent));
    const level = percent === null ? '' : percent >= 90 ? ' ss-bar--high' : percent >= 70 ? ' ss-bar--mid' : '';
    return h(
      'div',
      { className: 'ss-meter', 'data-testid': testId },
      h(
        'div',
        { className: 'ss-meter__text' },
        h('span', null, label),
        h('span', { className: 'ss-meter__value' }, text),
      ),
      percent !== null &&
        h(
          'div',
          {
            className: 'ss-track',
            role: 'meter',
            'aria-label': label,
            'aria-valuemin': 0,
            'aria-valuemax': 100,
            'aria-valuenow': percent,
            'aria-valuetext': text,
          },
          h('div', { className: `ss-bar${level}`, style: { width: `${percent}%` } }),
        ),
    );
  }

  /** @param {{ server: ServerStatus }} props */
  function ServerRow({ server }) {
    const t = api.useT();
    const locale = t('locale');
    const bytes = (/** @type {number} */ n) =>
      n >= 1024 * MIB
        ? new Intl.NumberFormat(locale, { style: 'unit', unit: 'gigabyte', maximumFractionDigits: 1 }).format(
            n / (1024 * MIB),
          )
        : new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 0 }).format(n / MIB);
    const percent = (/** @type {number} */ n) =>
      new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(n / 100);
    const state = LABELLED.has(server.state) ? server.state : 'unknown';
    return h(
      'li',
      { className: 'ss-server', 'data-testid': 'server-status-row', 'data-server-id': server.id },
      h(
        'div',
        { className: 'ss-server__head' },
        h('span', { className: 'ss-server__name', title: server.name }, server.name),
        h(
          'span',
          { className: `ss-state ss-state--${state}`, 'data-testid': 'server-status-state', 'data-state': state },
          t(`state.${state}`),
        ),
      ),
      h(MeterRow, { label: t('memory'), meter: server.memory, format: bytes, testId: 'server-status-memory' }),
      h(MeterRow, { label: t('disk'), meter: server.disk, format: bytes, testId: 'server-status-disk' }),
      h(MeterRow, { label: t('cpu'), meter: server.cpu, format: percent, testId: 'server-status-cpu' }),
      !server.live &&
        ON_PANEL.has(server.status) &&
        h('p', { className: 'ss-muted ss-note', 'data-testid': 'server-status-not-live' }, t('notLive')),
    );
  }

  function ServerStatusCard() {
    const t = api.useT();
    const { answer, failed } = useServerStatus();
    const titleId = React.useId();
    /** @type {import('react').ReactNode} */
    let body;
    if (!answer) {
      body = failed
        ? h('p', { className: 'ss-error', role: 'alert' }, t('loadError'))
        : h('p', { className: 'ss-muted', 'aria-busy': true }, t('loading'));
    } else if (answer.servers.length === 0) {
      body = h('p', { className: 'ss-muted' }, t('empty'));
    } else {
      const noUsage = answer.servers.some((s) => s.memory.used === null);
      body = h(
        React.Fragment,
        null,
        failed && h('p', { className: 'ss-error', role: 'status' }, t('staleError')),
        h(
          'ul',
          { className: 'ss-list' },
          answer.servers.map((server) => h(ServerRow, { key: server.id, server })),
        ),
        noUsage && h('p', { className: 'ss-muted ss-note', 'data-testid': 'server-status-no-usage' }, t('noUsage')),
      );
    }
    return h(
      'section',
      { className: 'surface ss-card', 'aria-labelledby': titleId, 'data-testid': 'server-status-card' },
      h('h2', { id: titleId, className: 'ss-title' }, t('title')),
      body,
    );
  }

  api.registerSlot('dashboard.cards', ServerStatusCard, { order: 20 });
}
