// Mails an invitation or reset link when SMTP_URL is set (nodemailer). The link
// exists already and the editor sees it either way, so a mail server that is
// down costs a warning in the log and `emailed: false`, never the invitation.
import 'server-only';
import nodemailer from 'nodemailer';
import type { Actor } from '../auth/permissions';
import { config } from '../env';
import { log } from '../log';
import type { IssuedLink } from '../validation/users';

export type SendLinkEmailOptions = {
  kind: 'invite' | 'reset';
  link: IssuedLink;
  /** The invited person's name (invitations). */
  displayName: string | null;
  from: Actor;
  /** The request the link was issued in: its origin when NEXTAUTH_URL is unset. */
  requestUrl: string;
};

const SEND_TIMEOUT_MS = 5_000;

export function linkMessage(options: SendLinkEmailOptions, url: string) {
  const until = new Date(options.link.expiresAt).toUTCString();
  const greeting = options.displayName ? `Hello ${options.displayName},` : 'Hello,';
  const body =
    options.kind === 'invite'
      ? `${options.from.displayName} invited you to ${config().ORG_NAME}'s Factdesk. Open this link to choose your password:`
      : `${options.from.displayName} issued a link for you to choose a new Factdesk password:`;
  return {
    subject: options.kind === 'invite' ? `Your invitation to ${config().ORG_NAME}'s Factdesk` : 'Choose a new Factdesk password',
    text: `${greeting}\n\n${body}\n\n${url}\n\nThe link works once, until ${until}. If you did not expect it, ignore this mail.\n`,
  };
}

/** True when the mail server accepted the message. */
export async function sendLinkEmail(options: SendLinkEmailOptions): Promise<boolean> {
  const settings = config();
  if (!settings.SMTP_URL) return false;
  const url = new URL(options.link.path, settings.NEXTAUTH_URL ?? new URL(options.requestUrl).origin).toString();
  const transport = nodemailer.createTransport(settings.SMTP_URL, {
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  });
  try {
    await transport.sendMail({ from: settings.SMTP_FROM, to: options.link.email, ...linkMessage(options, url) });
    return true;
  } catch (e) {
    // The address is in the audit trail already; the log names the failure, not the token.
    log.warn({ err: e instanceof Error ? e.message : String(e), kind: options.kind }, 'could not mail a link; the editor can copy it');
    return false;
  } finally {
    transport.close();
  }
}
