import { AddressInfo, createServer, Socket } from 'node:net';
import { TestApp } from '../setup/create-test-app';
import { as, login } from '../support/api';
import { Mailbox } from '../support/mailbox';
import { anonymous, asMember, createMember, memberLogin } from '../support/member';
import { cmsAdmin } from './cms-fixtures';
import { publicSpec } from '../support/public-spec';

/** E-mail uses the message templates: verification codes and the notice a contributor gets after the audit. */
describe('mail with message templates', () => {
  let t: TestApp;
  const mailbox = new Mailbox();

  publicSpec({ ready: (fixture) => ({ t } = fixture) });
  beforeAll(() => mailbox.start());
  beforeEach(() => {
    process.env.SMTP_URL = mailbox.url;
    mailbox.clear();
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    await mailbox.stop();
  });

  it('sends a verification code with the edited e-mail template', async () => {
    const admin = as(t, await login(t));
    const [template] = (await admin.get('/admin/routine.MessageTemplate/index?event=user_register&channel=email&lang=en')).body.data.list;
    const edited = await admin.post('/admin/routine.MessageTemplate/edit', { id: template.id, title: 'Welcome to {site}: {code}', content: 'Your code: {code}\n\nIt expires in {minutes} minutes.' });
    expect(edited.body.code).toBe(1);
    expect((await anonymous(t).post('/api/Ems/send', { email: 'new@example.com', event: 'user_register' })).body.code).toBe(1);
    const mail = await mailbox.latest('new@example.com');
    // an English reader: the seeded site name in English
    expect(mail.subject).toMatch(/^Welcome to Warehouse Management System: \d{6}$/);
    expect(mail.raw).toContain('It expires in 10 minutes.');
  });

  it('tells a contributor by e-mail that the contribution was refused, and why', async () => {
    const admin = cmsAdmin(t, await login(t));
    const channel = await admin.add('Channel', { name: 'Tips' });
    await createMember(t, { username: 'writer', email: 'writer@example.com' });
    const writer = await memberLogin(t, 'writer');
    const sent = await asMember(t, writer).post('/api/cms/contribute', { channel_id: channel.id, title: 'Label bins', content: '<p>Always</p>' });
    expect(sent.body.code).toBe(1);
    expect((await admin.audit(sent.body.data.id, 2, 'Please add a photo')).body.code).toBe(1);
    const mail = await mailbox.latest('writer@example.com');
    // the notice in the auditor's language, English here: the seeded site name in English too
    expect(mail.subject).toBe('Warehouse Management System: Your contribution was not accepted');
    expect(mail.raw).toContain('Hello writer,');
    expect(mail.raw).toContain('Please add a photo');
  });

  it('answers the audit without waiting for the mail server: the notice goes out after the answer', async () => {
    // a mail server that accepts the connection and never greets: a notice sent inside the request would hold
    // the answer until the mailer gave up on the greeting and hung up
    const held: Socket[] = [];
    let hungUp = 0;
    const silent = createServer((socket) => {
      held.push(socket);
      socket.on('close', () => hungUp++);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const admin = cmsAdmin(t, await login(t));
      const channel = await admin.add('Channel', { name: 'Tips' });
      await createMember(t, { username: 'writer', email: 'writer@example.com' });
      const writer = await memberLogin(t, 'writer');
      const sent = await asMember(t, writer).post('/api/cms/contribute', { channel_id: channel.id, title: 'Label bins', content: '<p>Always</p>' });
      process.env.SMTP_URL = `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      expect((await admin.audit(sent.body.data.id, 1, '')).body.code).toBe(1);
      expect(hungUp).toBe(0);
    } finally {
      held.forEach((socket) => socket.destroy());
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
