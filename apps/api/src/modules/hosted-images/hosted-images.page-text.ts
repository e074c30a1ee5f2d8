import type { ImageReportReason } from '@hostdeck/contracts';

/** The words of the /i/<id> page, which the server renders itself (no client bundle), in the six languages. */
export interface PageText {
  report: string;
  reportTitle: string;
  reason: string;
  note: string;
  send: string;
  cancel: string;
  sent: string;
  failed: string;
  duplicate: string;
  limited: string;
  human: string;
  notFound: string;
  notFoundText: string;
  reasons: Record<ImageReportReason, string>;
}

const en: PageText = {
  report: 'Report',
  reportTitle: 'Report this image',
  reason: 'Reason',
  note: 'Details (optional)',
  send: 'Send report',
  cancel: 'Cancel',
  sent: 'Thank you. Staff will look at this image.',
  failed: 'The report could not be sent. Please try again later.',
  duplicate: 'You have already reported this image; staff will look at it.',
  limited: 'Too many reports from your address. Please try again later.',
  human: 'Complete the human check first.',
  notFound: 'Image not found',
  notFoundText: 'This image does not exist or was removed.',
  reasons: {
    spam: 'Spam',
    nsfw: 'Adult content',
    violence: 'Violence',
    harassment: 'Harassment',
    illegal: 'Illegal content',
    copyright: 'Copyright',
    other: 'Other',
  },
};

const ro: PageText = {
  report: 'Raportează',
  reportTitle: 'Raportează această imagine',
  reason: 'Motiv',
  note: 'Detalii (opțional)',
  send: 'Trimite raportul',
  cancel: 'Anulează',
  sent: 'Vă mulțumim. Echipa va verifica această imagine.',
  failed: 'Raportul nu a putut fi trimis. Încercați din nou mai târziu.',
  duplicate: 'Ați raportat deja această imagine; echipa o va verifica.',
  limited: 'Prea multe rapoarte de la adresa dvs. Încercați din nou mai târziu.',
  human: 'Finalizați mai întâi verificarea umană.',
  notFound: 'Imaginea nu a fost găsită',
  notFoundText: 'Această imagine nu există sau a fost eliminată.',
  reasons: {
    spam: 'Spam',
    nsfw: 'Conținut pentru adulți',
    violence: 'Violență',
    harassment: 'Hărțuire',
    illegal: 'Conținut ilegal',
    copyright: 'Drepturi de autor',
    other: 'Altceva',
  },
};

const texts: Record<string, PageText> = {
  en,
  ro,
  // Romanian as used in the Republic of Moldova.
  md: {
    ...ro,
    sent: 'Vă mulțumim. Echipa va examina această imagine.',
    duplicate: 'Ați raportat deja această imagine; echipa o va examina.',
  },
  fr: {
    report: 'Signaler',
    reportTitle: 'Signaler cette image',
    reason: 'Motif',
    note: 'Précisions (facultatif)',
    send: 'Envoyer le signalement',
    cancel: 'Annuler',
    sent: "Merci. L'équipe examinera cette image.",
    failed: "Le signalement n'a pas pu être envoyé. Réessayez plus tard.",
    duplicate: "Vous avez déjà signalé cette image ; l'équipe l'examinera.",
    limited: 'Trop de signalements depuis votre adresse. Réessayez plus tard.',
    human: "Terminez d'abord la vérification humaine.",
    notFound: 'Image introuvable',
    notFoundText: "Cette image n'existe pas ou a été supprimée.",
    reasons: {
      spam: 'Spam',
      nsfw: 'Contenu pour adultes',
      violence: 'Violence',
      harassment: 'Harcèlement',
      illegal: 'Contenu illégal',
      copyright: "Droit d'auteur",
      other: 'Autre',
    },
  },
  de: {
    report: 'Melden',
    reportTitle: 'Dieses Bild melden',
    reason: 'Grund',
    note: 'Details (optional)',
    send: 'Meldung senden',
    cancel: 'Abbrechen',
    sent: 'Danke. Das Team sieht sich dieses Bild an.',
    failed: 'Die Meldung konnte nicht gesendet werden. Bitte versuchen Sie es später erneut.',
    duplicate: 'Sie haben dieses Bild bereits gemeldet; das Team sieht es sich an.',
    limited: 'Zu viele Meldungen von Ihrer Adresse. Bitte versuchen Sie es später erneut.',
    human: 'Bitte schließen Sie zuerst die Prüfung ab.',
    notFound: 'Bild nicht gefunden',
    notFoundText: 'Dieses Bild gibt es nicht oder es wurde entfernt.',
    reasons: {
      spam: 'Spam',
      nsfw: 'Inhalte für Erwachsene',
      violence: 'Gewalt',
      harassment: 'Belästigung',
      illegal: 'Illegale Inhalte',
      copyright: 'Urheberrecht',
      other: 'Sonstiges',
    },
  },
  es: {
    report: 'Denunciar',
    reportTitle: 'Denunciar esta imagen',
    reason: 'Motivo',
    note: 'Detalles (opcional)',
    send: 'Enviar denuncia',
    cancel: 'Cancelar',
    sent: 'Gracias. El equipo revisará esta imagen.',
    failed: 'No se pudo enviar la denuncia. Inténtalo de nuevo más tarde.',
    duplicate: 'Ya has denunciado esta imagen; el equipo la revisará.',
    limited: 'Demasiadas denuncias desde tu dirección. Inténtalo de nuevo más tarde.',
    human: 'Completa primero la verificación humana.',
    notFound: 'Imagen no encontrada',
    notFoundText: 'Esta imagen no existe o fue eliminada.',
    reasons: {
      spam: 'Spam',
      nsfw: 'Contenido para adultos',
      violence: 'Violencia',
      harassment: 'Acoso',
      illegal: 'Contenido ilegal',
      copyright: 'Derechos de autor',
      other: 'Otro',
    },
  },
};

/** The page's language: the first of Accept-Language we speak ("ro-MD" is Moldovan Romanian), else English. */
export function pageLanguage(acceptLanguage: string | undefined): { lang: string; text: PageText } {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase();
    const lang = tag === 'ro-md' ? 'md' : tag.split('-')[0]!;
    if (texts[lang]) return { lang, text: texts[lang] };
  }
  return { lang: 'en', text: en };
}
