/** The contact form and the youth application, sent to the office (docs/product.md#screens). */
import { MessageResponse } from '#domain/contract';
import type { ContactMessage } from '#machines/contact.machine';
import type { YouthApplication } from '#machines/youthApplication.machine';
import { post } from './http';

export async function sendContactMessage(message: ContactMessage): Promise<string> {
  return (await post('/forms/contact', MessageResponse, message)).message.en;
}

export async function sendYouthApplication(application: YouthApplication): Promise<string> {
  return (await post('/forms/youth-application', MessageResponse, application)).message.en;
}
