import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the SMTP server received it, with its text and HTML parts decoded. */
export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

function decodePart(headers: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** Splits a raw message into its headers and the decoded text/plain and text/html parts (enough for nodemailer's output). */
export function parseMail(raw: string): Omit<ReceivedMail, 'to'> {
  const split = (s: string) => {
    const at = s.search(/\r?\n\r?\n/);
    return at < 0 ? [s, ''] : [s.slice(0, at), s.slice(at).replace(/^\r?\n\r?\n/, '')];
  };
  const [head = '', body = ''] = split(raw);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1]?.trim() ?? '';
  let text = '';
  let html = '';
  const boundary = /boundary="?([^";\s]+)"?/i.exec(unfolded)?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [`${head}\r\n\r\n${body}`];
  for (const part of parts) {
    const [ph = '', pb = ''] = split(part.replace(/^\r?\n/, ''));
    const decoded = decodePart(ph, pb.replace(/\r?\n$/, ''));
    if (/content-type:\s*text\/html/i.test(ph)) html = decoded;
    else if (/content-type:\s*text\/plain/i.test(ph)) text = decoded;
  }
  return { from: header('From'), subject: header('Subject'), text: text.replace(/\r\n/g, '\n'), html, raw };
}

/** A real SMTP server on 127.0.0.1 (no TLS, any login) that keeps what it receives. */
export async function startSmtpServer(port = 0): Promise<{
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          ...parseMail(Buffer.concat(chunks).toString('utf8')),
          to: session.envelope.rcptTo.map((r) => r.address),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
