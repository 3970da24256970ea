import { OutboundRefusedError } from '../../../../shared/outbound/outbound-guard';
import { mailFailureReason } from './mail-failure';

const smtpError = (code: string, message = 'x', extra: Record<string, unknown> = {}) => Object.assign(new Error(message), { code, ...extra });

describe('mail failure reasons', () => {
  it('sorts nodemailer codes into reasons', () => {
    expect(mailFailureReason(smtpError('EAUTH', 'Invalid login: 535 Authentication failed'))).toBe('auth');
    expect(mailFailureReason(smtpError('ETIMEDOUT', 'Greeting never received'))).toBe('timeout');
    expect(mailFailureReason(smtpError('EDNS', 'getaddrinfo ENOTFOUND smtp.invalid'))).toBe('dns');
    expect(mailFailureReason(smtpError('ETLS', 'Error initiating TLS'))).toBe('tls');
    expect(mailFailureReason(smtpError('EENVELOPE', 'Recipient command failed: 550'))).toBe('rejected');
  });

  it('says when the outbound guard refused the server (a private address) or could not resolve it', () => {
    expect(mailFailureReason(new OutboundRefusedError('private-address', 'smtp.lan → 10.0.0.5'))).toBe('refused-address');
    expect(mailFailureReason(new OutboundRefusedError('unresolved', 'smtp.invalid'))).toBe('dns');
  });

  it('reads socket errors by what the socket said', () => {
    expect(mailFailureReason(smtpError('ESOCKET', 'connect ECONNREFUSED 127.0.0.1:1'))).toBe('connection');
    expect(mailFailureReason(smtpError('ESOCKET', '4001:error:0A00010B:SSL routines:ssl3_get_record:wrong version number'))).toBe('tls');
    expect(mailFailureReason(smtpError('ECONNECTION', 'getaddrinfo ENOTFOUND mail.example.invalid'))).toBe('dns');
  });

  it('answers rejected for a server reply and unknown for anything else', () => {
    expect(mailFailureReason(Object.assign(new Error('Message failed'), { responseCode: 554 }))).toBe('rejected');
    expect(mailFailureReason(new Error('boom'))).toBe('unknown');
    expect(mailFailureReason(undefined)).toBe('unknown');
  });
});
