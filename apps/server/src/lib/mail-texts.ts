import { DEFAULT_LOCALE, isLocale, type Locale } from '@rally/shared';

/**
 * The emails the server writes itself (account links, invitations, applications, integration alerts) in every language of the app
 * (issue 14), as `{{name}}` templates: the subject and the plain text. English is word for word what these emails
 * said before they had a second language.
 */
export type MailKey =
  | 'reset'
  | 'verify'
  | 'verify_again'
  | 'invite'
  | 'apply_verify'
  | 'applicant_approved'
  | 'applicant_rejected'
  | 'applicant_rejected_reason'
  | 'applicant_info_requested'
  | 'applicant_pending'
  | 'webhook_disabled';

interface MailText {
  subject: string;
  text: string;
}

export const MAIL_TEXTS: Readonly<Record<Locale, Readonly<Record<MailKey, MailText>>>> = {
  en: {
    reset: {
      subject: 'Reset your {{client}} password',
      text: 'Someone asked to reset the password of your {{client}} account.\n\nChoose a new password here:\n{{link}}\n\nThe link works for one hour. If it was not you, ignore this email.',
    },
    verify: {
      subject: 'Verify your email for {{client}}',
      text: 'Welcome to {{client}}!\n\nConfirm your email address to finish creating your account:\n{{link}}\n\nThe link works for 7 days.',
    },
    verify_again: {
      subject: 'Verify your email for {{client}}',
      text: 'Confirm your email address to finish creating your account:\n{{link}}\n\nThe link works for 7 days.',
    },
    invite: {
      subject: "You're invited to {{client}}",
      text: 'You have been invited to join {{client}}.\n\nChoose a password to accept the invitation and sign in:\n{{link}}\n\nThe link works for {{days}} days and only once.',
    },
    apply_verify: {
      subject: 'Verify your email for {{client}}',
      text: 'Thank you for applying to {{title}}!\n\nConfirm your email address:\n{{link}}\n\nThe link works for 7 days. Follow your application at {{page}}',
    },
    applicant_approved: {
      subject: 'Your application to {{title}} is approved. Welcome!',
      text: 'Welcome to {{client}}!\n\nYour application to {{title}} is approved. Log in to get started:\n{{link}}',
    },
    applicant_rejected: {
      subject: 'Your application to {{title}} was not accepted',
      text: 'Thank you for applying to {{title}}.\n\nWe are not able to accept your application.',
    },
    applicant_rejected_reason: {
      subject: 'Your application to {{title}} was not accepted',
      text: 'Thank you for applying to {{title}}.\n\nWe are not able to accept your application.\n\nReason: {{note}}',
    },
    applicant_info_requested: {
      subject: 'More information is needed for your application to {{title}}',
      text: 'We need more information about your application to {{title}}:\n\n{{note}}\n\nUpdate your answers here:\n{{page}}',
    },
    applicant_pending: {
      subject: 'Your application to {{title}} is received',
      text: 'Your application to {{title}} is received. Follow it here:\n{{page}}',
    },
    webhook_disabled: {
      subject: '{{client}}: a webhook was turned off',
      text: 'The webhook {{url}} of {{client}} was turned off: its last {{count}} deliveries failed for good.\n\nFix the endpoint, then turn it on again under Integrations:\n{{link}}\n\nEvents that happen while it is off are not sent to it.',
    },
  },
  es: {
    reset: {
      subject: 'Restablece tu contraseña de {{client}}',
      text: 'Alguien pidió restablecer la contraseña de tu cuenta de {{client}}.\n\nElige una contraseña nueva aquí:\n{{link}}\n\nEl enlace funciona durante una hora. Si no fuiste tú, ignora este correo.',
    },
    verify: {
      subject: 'Verifica tu correo para {{client}}',
      text: '¡Te damos la bienvenida a {{client}}!\n\nConfirma tu dirección de correo para terminar de crear tu cuenta:\n{{link}}\n\nEl enlace funciona durante 7 días.',
    },
    verify_again: {
      subject: 'Verifica tu correo para {{client}}',
      text: 'Confirma tu dirección de correo para terminar de crear tu cuenta:\n{{link}}\n\nEl enlace funciona durante 7 días.',
    },
    invite: {
      subject: 'Te invitan a {{client}}',
      text: 'Te han invitado a unirte a {{client}}.\n\nElige una contraseña para aceptar la invitación e iniciar sesión:\n{{link}}\n\nEl enlace funciona durante {{days}} días y una sola vez.',
    },
    apply_verify: {
      subject: 'Verifica tu correo para {{client}}',
      text: '¡Gracias por tu solicitud a {{title}}!\n\nConfirma tu dirección de correo:\n{{link}}\n\nEl enlace funciona durante 7 días. Sigue tu solicitud en {{page}}',
    },
    applicant_approved: {
      subject: 'Tu solicitud a {{title}} está aprobada. ¡Te damos la bienvenida!',
      text: '¡Te damos la bienvenida a {{client}}!\n\nTu solicitud a {{title}} está aprobada. Inicia sesión para empezar:\n{{link}}',
    },
    applicant_rejected: {
      subject: 'Tu solicitud a {{title}} no fue aceptada',
      text: 'Gracias por tu solicitud a {{title}}.\n\nNo podemos aceptar tu solicitud.',
    },
    applicant_rejected_reason: {
      subject: 'Tu solicitud a {{title}} no fue aceptada',
      text: 'Gracias por tu solicitud a {{title}}.\n\nNo podemos aceptar tu solicitud.\n\nMotivo: {{note}}',
    },
    applicant_info_requested: {
      subject: 'Se necesita más información para tu solicitud a {{title}}',
      text: 'Necesitamos más información sobre tu solicitud a {{title}}:\n\n{{note}}\n\nActualiza tus respuestas aquí:\n{{page}}',
    },
    applicant_pending: {
      subject: 'Recibimos tu solicitud a {{title}}',
      text: 'Recibimos tu solicitud a {{title}}. Síguela aquí:\n{{page}}',
    },
    webhook_disabled: {
      subject: '{{client}}: se desactivó un webhook',
      text: 'El webhook {{url}} de {{client}} se desactivó: sus últimas {{count}} entregas fallaron definitivamente.\n\nCorrige el endpoint y vuelve a activarlo en Integraciones:\n{{link}}\n\nLos eventos que ocurran mientras esté desactivado no se le envían.',
    },
  },
};

/** The first of `candidates` that is a language of the app (a stored users.locale, the sender's…), else English. */
export function mailLocale(...candidates: (string | null | undefined)[]): Locale {
  return candidates.find((c): c is Locale => isLocale(c)) ?? DEFAULT_LOCALE;
}

/** An email's subject and text in `locale`, its `{{name}}` parts filled (a missing one stays empty). */
export function renderMail(
  key: MailKey,
  locale: Locale,
  params: Readonly<Record<string, string | number>>,
): MailText {
  const fill = (template: string) =>
    template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
  const text = MAIL_TEXTS[locale][key];
  return { subject: fill(text.subject), text: fill(text.text) };
}
