import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP sink received it: envelope recipients and the raw MIME text. */
export type ReceivedMail = { to: string[]; raw: string };

export type MailSink = {
  /** The server's SMTP_URL. */
  smtpUrl: string;
  /** `GET <inboxUrl>?to=<address>`: the messages to that address, oldest first, as JSON. */
  inboxUrl: string;
  close: () => Promise<void>;
};

const listen = (server: { listen: (port: number, host: string, done: () => void) => unknown }) =>
  new Promise<void>((done) => server.listen(0, '127.0.0.1', done));

const portOf = (server: Server | SMTPServer['server']): number =>
  (server.address() as AddressInfo).port;

/**
 * The local SMTP server the end-to-end server sends its e-mail to (issue 3: "tests use a local
 * SMTP server started by the tests"), and a small HTTP inbox over what it received, because the
 * specs run in workers that cannot share memory with the global setup.
 */
export const startMailSink = async (): Promise<MailSink> => {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  const inbox = createServer((request, response) => {
    const to = new URL(request.url ?? '/', 'http://inbox').searchParams.get('to')?.toLowerCase();
    const messages = received.filter((mail) => to === undefined || mail.to.includes(to));
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(messages));
  });
  await listen(smtp);
  await listen(inbox);
  return {
    smtpUrl: `smtp://127.0.0.1:${portOf(smtp.server)}`,
    inboxUrl: `http://127.0.0.1:${portOf(inbox)}/messages`,
    close: async () => {
      await new Promise<void>((done) => smtp.close(done));
      await new Promise<void>((done) => inbox.close(() => done()));
    },
  };
};
