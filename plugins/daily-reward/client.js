// @ts-check
// The daily reward's dashboard card. A client entry imports nothing: React, translations and the
// plugin's API calls all come from the api argument, so the browser loads this file as it is.

/**
 * @typedef {import('@hostdeck/plugin-sdk').ClientPluginApi} ClientPluginApi
 * @typedef {{ claimed_today: boolean, streak: number, next_reward: number, next_claim_at: string,
 *   balance: number }} Status
 */

/** Messages in the six languages of the panel; `locale` formats numbers and times. */
export const translations = {
  en: {
    locale: 'en',
    title: 'Daily reward',
    subtitle: 'Claim coins every day; consecutive days add a bonus.',
    streak: 'Streak (days)',
    today: "Today's reward",
    tomorrow: "Tomorrow's reward",
    balance: 'Your coins',
    claim: 'Claim reward',
    claiming: 'Claiming…',
    claimed: 'Claimed today',
    nextClaim: 'Next claim opens {{time}}',
    justClaimed: 'Reward claimed: +{{reward}} coins.',
    alreadyClaimed: 'You have already claimed today.',
    loading: 'Loading…',
    loadError: 'The daily reward could not be loaded.',
    claimError: 'The reward could not be claimed. Try again.',
    retry: 'Try again',
  },
  ro: {
    locale: 'ro',
    title: 'Recompensa zilnică',
    subtitle: 'Revendică monede în fiecare zi; zilele consecutive aduc un bonus.',
    streak: 'Serie (zile)',
    today: 'Recompensa de azi',
    tomorrow: 'Recompensa de mâine',
    balance: 'Monedele tale',
    claim: 'Revendică recompensa',
    claiming: 'Se revendică…',
    claimed: 'Revendicată azi',
    nextClaim: 'Următoarea revendicare: {{time}}',
    justClaimed: 'Recompensă primită: +{{reward}} monede.',
    alreadyClaimed: 'Ai revendicat deja azi.',
    loading: 'Se încarcă…',
    loadError: 'Recompensa zilnică nu a putut fi încărcată.',
    claimError: 'Recompensa nu a putut fi revendicată. Încearcă din nou.',
    retry: 'Încearcă din nou',
  },
  md: {
    locale: 'ro-MD',
    title: 'Recompensa zilnică',
    subtitle: 'Revendicați monede în fiecare zi; zilele la rând aduc un bonus.',
    streak: 'Zile la rând',
    today: 'Recompensa de astăzi',
    tomorrow: 'Recompensa de mâine',
    balance: 'Monedele dumneavoastră',
    claim: 'Revendicați recompensa',
    claiming: 'Se revendică…',
    claimed: 'Revendicată astăzi',
    nextClaim: 'Următoarea revendicare se deschide {{time}}',
    justClaimed: 'Ați primit recompensa: +{{reward}} monede.',
    alreadyClaimed: 'Ați revendicat deja astăzi.',
    loading: 'Se încarcă…',
    loadError: 'Recompensa zilnică nu a putut fi încărcată.',
    claimError: 'Recompensa nu a putut fi revendicată. Încercați din nou.',
    retry: 'Încercați din nou',
  },
  fr: {
    locale: 'fr',
    title: 'Récompense quotidienne',
    subtitle: 'Récupérez des pièces chaque jour ; les jours consécutifs ajoutent un bonus.',
    streak: 'Série (jours)',
    today: "Récompense d'aujourd'hui",
    tomorrow: 'Récompense de demain',
    balance: 'Vos pièces',
    claim: 'Récupérer la récompense',
    claiming: 'Récupération…',
    claimed: "Récupérée aujourd'hui",
    nextClaim: 'Prochaine récompense : {{time}}',
    justClaimed: 'Récompense récupérée : +{{reward}} pièces.',
    alreadyClaimed: "Vous avez déjà récupéré la récompense aujourd'hui.",
    loading: 'Chargement…',
    loadError: "La récompense quotidienne n'a pas pu être chargée.",
    claimError: "La récompense n'a pas pu être récupérée. Réessayez.",
    retry: 'Réessayer',
  },
  de: {
    locale: 'de',
    title: 'Tägliche Belohnung',
    subtitle: 'Hol dir jeden Tag Münzen ab; aufeinanderfolgende Tage bringen einen Bonus.',
    streak: 'Serie (Tage)',
    today: 'Belohnung heute',
    tomorrow: 'Belohnung morgen',
    balance: 'Deine Münzen',
    claim: 'Belohnung abholen',
    claiming: 'Wird abgeholt…',
    claimed: 'Heute abgeholt',
    nextClaim: 'Nächste Belohnung ab {{time}}',
    justClaimed: 'Belohnung abgeholt: +{{reward}} Münzen.',
    alreadyClaimed: 'Du hast die Belohnung heute schon abgeholt.',
    loading: 'Wird geladen…',
    loadError: 'Die tägliche Belohnung konnte nicht geladen werden.',
    claimError: 'Die Belohnung konnte nicht abgeholt werden. Versuch es noch einmal.',
    retry: 'Erneut versuchen',
  },
  es: {
    locale: 'es',
    title: 'Recompensa diaria',
    subtitle: 'Reclama monedas cada día; los días seguidos suman un bono.',
    streak: 'Racha (días)',
    today: 'Recompensa de hoy',
    tomorrow: 'Recompensa de mañana',
    balance: 'Tus monedas',
    claim: 'Reclamar recompensa',
    claiming: 'Reclamando…',
    claimed: 'Reclamada hoy',
    nextClaim: 'Próxima recompensa: {{time}}',
    justClaimed: 'Recompensa reclamada: +{{reward}} monedas.',
    alreadyClaimed: 'Ya reclamaste la recompensa hoy.',
    loading: 'Cargando…',
    loadError: 'No se pudo cargar la recompensa diaria.',
    claimError: 'No se pudo reclamar la recompensa. Inténtalo de nuevo.',
    retry: 'Reintentar',
  },
};

/** The longest a browser timer may wait (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** @param {ClientPluginApi} api */
export default function install(api) {
  const { React } = api;
  const h = React.createElement;
  for (const [language, messages] of Object.entries(translations)) api.addTranslations(language, messages);

  /** The dashboard card: streak, the reward to claim, the claim button and the balance. */
  function DailyRewardCard() {
    const t = api.useT();
    const [status, setStatus] = React.useState(/** @type {Status | null} */ (null));
    const [loadFailed, setLoadFailed] = React.useState(false);
    const [busy, setBusy] = React.useState(false);
    const [message, setMessage] = React.useState(/** @type {{ text: string, error: boolean } | null} */ (null));
    const titleId = React.useId();

    const load = React.useCallback(() => {
      setLoadFailed(false);
      return api.request('/status').then(
        (s) => setStatus(/** @type {Status} */ (s)),
        () => setLoadFailed(true),
      );
    }, []);
    React.useEffect(() => {
      load();
    }, [load]);
    // Once claimed, the card opens again by itself when the next UTC day starts.
    React.useEffect(() => {
      if (!status?.claimed_today) return;
      // A second late, to be past the server's midnight; a minute at least should this clock run ahead.
      const ms = Date.parse(status.next_claim_at) - Date.now() + 1000;
      const timer = setTimeout(load, Math.min(Math.max(ms, 60_000), MAX_TIMER_MS));
      return () => clearTimeout(timer);
    }, [status, load]);

    const locale = t('locale');
    const number = (/** @type {number} */ n) => new Intl.NumberFormat(locale).format(n);
    const time = (/** @type {string} */ iso) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

    async function handleClaim() {
      setBusy(true);
      setMessage(null);
      try {
        const s = /** @type {Status & { reward: number }} */ (await api.request('/claim', { method: 'POST' }));
        setStatus(s);
        setMessage({ text: t('justClaimed', { reward: number(s.reward) }), error: false });
      } catch (err) {
        const code = err && typeof err === 'object' && 'code' in err ? err.code : null;
        setMessage({ text: t(code === 'ALREADY_CLAIMED' ? 'alreadyClaimed' : 'claimError'), error: true });
        if (code === 'ALREADY_CLAIMED') await load();
      } finally {
        setBusy(false);
      }
    }

    /** @type {import('react').ReactNode} */
    let body;
    if (loadFailed) {
      body = h(
        'div',
        { className: 'dr-problem', role: 'alert' },
        h('p', null, t('loadError')),
        h('button', { type: 'button', className: 'dr-button dr-button--quiet', onClick: load }, t('retry')),
      );
    } else if (!status) {
      body = h('p', { className: 'dr-muted', 'aria-busy': true }, t('loading'));
    } else {
      const stat = (/** @type {string} */ label, /** @type {string} */ value, /** @type {string} */ testId) =>
        h('div', { className: 'dr-stat' }, h('dt', null, label), h('dd', { 'data-testid': testId }, value));
      body = h(
        React.Fragment,
        null,
        h(
          'dl',
          { className: 'dr-stats' },
          stat(t('streak'), number(status.streak), 'daily-reward-streak'),
          stat(t(status.claimed_today ? 'tomorrow' : 'today'), `+${number(status.next_reward)}`, 'daily-reward-next'),
          stat(t('balance'), number(status.balance), 'daily-reward-balance'),
        ),
        h(
          'div',
          { className: 'dr-actions' },
          h(
            'button',
            {
              type: 'button',
              className: 'dr-button',
              disabled: status.claimed_today || busy,
              onClick: handleClaim,
              'data-testid': 'daily-reward-claim',
            },
            t(busy ? 'claiming' : status.claimed_today ? 'claimed' : 'claim'),
          ),
          status.claimed_today &&
            h(
              'p',
              { className: 'dr-muted', 'data-testid': 'daily-reward-next-claim' },
              t('nextClaim', { time: time(status.next_claim_at) }),
            ),
        ),
      );
    }

    return h(
      'section',
      { className: 'surface dr-card', 'aria-labelledby': titleId, 'data-testid': 'daily-reward-card' },
      h(
        'div',
        { className: 'dr-head' },
        h('span', { className: 'dr-icon', 'aria-hidden': true }, '🔥'),
        h(
          'div',
          null,
          h('h2', { id: titleId, className: 'dr-title' }, t('title')),
          h('p', { className: 'dr-muted' }, t('subtitle')),
        ),
      ),
      body,
      h(
        'p',
        {
          role: 'status',
          className: message?.error ? 'dr-message dr-message--error' : 'dr-message',
          'data-testid': 'daily-reward-message',
        },
        message?.text ?? '',
      ),
    );
  }

  api.registerSlot('dashboard.cards', DailyRewardCard, { order: 10 });
}
