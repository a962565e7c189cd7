/** Sends e-mail to customers and consumers, optionally with one attached file. */
export interface EmailMessage {
  to: string;
  subject: string;
  body: string;
  attachment?: { name: string; contentType: string; content: Buffer };
}

export interface EmailPort {
  send(message: EmailMessage): Promise<void>;
}
