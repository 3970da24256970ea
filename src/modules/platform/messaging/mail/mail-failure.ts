/** Why an SMTP send failed, in words an admin can act on (never the server's text, which may echo settings). */
export type MailFailureReason = 'connection' | 'timeout' | 'dns' | 'tls' | 'auth' | 'rejected' | 'refused-address' | 'unknown';

const TLS_HINT = /\b(ssl|tls|certificate|wrong version number|handshake)\b/i;

/** Sorts a nodemailer error (its `code`, and the socket error's code) into a reason. */
export function mailFailureReason(error: unknown): MailFailureReason {
  const { code, message, errno } = (error ?? {}) as { code?: unknown; message?: unknown; errno?: unknown };
  const text = typeof message === 'string' ? message : '';
  // the outbound guard refused the server's address (loopback, private, …): nothing was sent
  if ((error as { name?: unknown })?.name === 'OutboundRefusedError') return (error as { reason?: unknown }).reason === 'unresolved' ? 'dns' : 'refused-address';
  switch (code) {
    case 'EAUTH':
      return 'auth';
    case 'ETIMEDOUT':
      return 'timeout';
    case 'EDNS':
      return 'dns';
    case 'ETLS':
    case 'EREQUIRETLS':
      return 'tls';
    case 'EENVELOPE':
    case 'EMESSAGE':
      return 'rejected';
    case 'ECONNECTION':
    case 'ESOCKET':
      if (TLS_HINT.test(text)) return 'tls';
      if (/ENOTFOUND|EAI_AGAIN/.test(text) || errno === 'ENOTFOUND') return 'dns';
      if (/ETIMEDOUT/.test(text)) return 'timeout';
      return 'connection';
    default:
      if (typeof (error as { responseCode?: unknown })?.responseCode === 'number') return 'rejected';
      return 'unknown';
  }
}
