/** Sends text messages to a customer's phone. */
export interface SmsPort {
  send(phoneNumber: string, body: string): Promise<void>;
}
