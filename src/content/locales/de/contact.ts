import { CONTACT_LIMITS, type ContactWords } from '../../../schemas/contact-fields'

/**
 * Das Formular „Gespräch vereinbaren“ auf Deutsch: die Meldungen, mit denen das gemeinsame Schema
 * prüft (schemas/contact.ts, im Browser und am Edge dieselben), und die Hinweise nach dem Senden.
 * Die Beschriftungen stehen in home.ts (`contact.form`).
 */
export const contact = {
  messages: {
    name: 'Bitte geben Sie Ihren Namen an',
    email: 'Ungültige E-Mail-Adresse',
    phone: 'Bitte geben Sie Ihre Telefonnummer an',
    inquiry: 'Bitte beschreiben Sie Ihre Anfrage',
    nameTooLong: `Der Name darf höchstens ${CONTACT_LIMITS.name} Zeichen lang sein`,
    nameCharacters: 'Der Name enthält unzulässige Zeichen',
    phoneTooLong: `Die Telefonnummer darf höchstens ${CONTACT_LIMITS.phone} Zeichen lang sein`,
    phoneCharacters: 'Die Telefonnummer enthält unzulässige Zeichen',
    inquiryTooLong: `Die Anfrage darf höchstens ${CONTACT_LIMITS.inquiry} Zeichen lang sein`,
    inquiryCharacters: 'Die Anfrage enthält unzulässige Zeichen',
    time: 'Ungültige Ortszeit',
  },
  // Die eigenen Fragen eines Kampagnenformulars: {label} ist die Beschriftung, {n} die Grenze oder das Datum.
  fieldMessages: {
    required: 'Bitte füllen Sie „{label}“ aus',
    tooLong: '„{label}“ darf höchstens {n} Zeichen lang sein',
    characters: '„{label}“ enthält unzulässige Zeichen',
    email: '„{label}“: ungültige E-Mail-Adresse',
    number: '„{label}“ muss eine ganze Zahl sein',
    lowest: '„{label}“ muss mindestens {n} sein',
    highest: '„{label}“ darf höchstens {n} sein',
    date: '„{label}“ muss ein Datum sein',
    earliest: '„{label}“ darf nicht vor dem {n} liegen',
    latest: '„{label}“ darf nicht nach dem {n} liegen',
    choice: '„{label}“: Bitte wählen Sie eine der Möglichkeiten',
  },
  notices: {
    successTitle: 'Gesendet',
    success: 'Ihre Nachricht wurde gesendet. Vielen Dank!',
    errorTitle: 'Fehler',
    error: 'Die Nachricht konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
    test: 'Sie wurde über eine Vorschau oder einen Freigabelink gesendet und deshalb als Test behalten: Der Vertrieb wurde nicht benachrichtigt.',
  },
  rateLimit:
    'Zu viele Nachrichten von Ihrer Verbindung. Bitte warten Sie eine Minute und versuchen Sie es erneut.',
} satisfies ContactWords
