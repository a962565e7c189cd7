/** Sends e-mail to a customer's address on file. */
export interface EmailPort {
  send(to: string, subject: string, body: string): Promise<void>;
}
