import { createSocket } from 'node:dgram';
import * as packet from 'dns-packet';

type RecordType = 'TXT' | 'CNAME' | 'A';

/** A DNS server on 127.0.0.1 (UDP) that answers from records the test sets: the internet's DNS, stood in for. */
export interface FakeDns {
  /** `127.0.0.1:{port}`, for DNS_SERVERS. */
  address: string;
  /** Sets the answers of one name and type (replacing earlier ones); an empty list removes them. */
  set(type: RecordType, name: string, values: string[]): void;
  /** Forgets every record. */
  clear(): void;
  /** Questions asked so far, as `TYPE name`. */
  questions: string[];
  close(): Promise<void>;
}

/**
 * Starts the stand-in DNS server. A name with records of another type answers NOERROR with no answer (ENODATA
 * to node:dns), an unknown name NXDOMAIN (ENOTFOUND), as a real server does.
 */
export async function startFakeDns(): Promise<FakeDns> {
  const records = new Map<string, string[]>();
  const key = (type: string, name: string) => `${type} ${name.toLowerCase().replace(/\.$/, '')}`;
  const questions: string[] = [];
  const socket = createSocket('udp4');
  socket.on('message', (message, from) => {
    const query = packet.decode(message);
    const question = query.questions?.[0];
    if (!question) return;
    questions.push(key(question.type, question.name));
    const values = records.get(key(question.type, question.name)) ?? [];
    const nameKnown = [...records.keys()].some((k) => k.endsWith(` ${question.name.toLowerCase()}`));
    const answers = values.map((data) => ({
      type: question.type,
      name: question.name,
      ttl: 60,
      data: question.type === 'TXT' ? [Buffer.from(data)] : data,
    })) as packet.Answer[];
    const response = packet.encode({
      type: 'response',
      id: query.id,
      // Authoritative answer, recursion desired and available; NXDOMAIN (rcode 3) when the name has nothing.
      flags:
        packet.AUTHORITATIVE_ANSWER |
        packet.RECURSION_DESIRED |
        packet.RECURSION_AVAILABLE |
        (nameKnown ? 0 : 3),
      questions: [question],
      answers,
    });
    socket.send(response, from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  return {
    address: `127.0.0.1:${port}`,
    set(type, name, values) {
      if (values.length === 0) records.delete(key(type, name));
      else records.set(key(type, name), values);
    },
    clear: () => records.clear(),
    questions,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
